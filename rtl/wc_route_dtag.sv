// Route unit of one MIN switch (topologies/min/UniMinRouting and BiMinRouting + ConsumptionChannels
// + systemc/RouteUnit): decodes a latched unicast header (docs/flit-format.md: bits 1:0 kind = 0,
// then the destination) or, with TREE_WORMS = 1, a bit-string header (kind 2, bit 2 + a for node
// a), and names the branches of the worm: output ports, the output VCs they may take and the
// header each carries. Combinational; the t_node delay is counted by the input unit.
//
// UNI-MIN (baseline, BIDIRECTIONAL = 0), switch (STAGE j, row i): output port = digit n-1-j of the
// destination. The switch reaches the nodes whose top j digits are the top j digits of its row
// (dest / b^(n-j) == i / b^(n-1-j)); any other destination is an error.
// BI-MIN (butterfly, BIDIRECTIONAL = 1): left ports 0..b-1, right ports b..2b-1. The switch's
// backward block is the nodes below it, dest / b^(j+1) == i / b^j. A worm from a left port whose
// destination is not below goes forward on the lowest right port, b (an error at the last stage:
// the destination is outside the network); a worm that is below turns here, and a worm from a
// right port goes down: left port digit j of the destination (an error if it is not below).
// Exit switch (UNI: stage n-1, BI: stage 0): the node port k becomes the consumption channel
// c = IN_PORT mod CONSUMPTION of that node: c = 0 is port k itself, else UNI c*b + k, BI
// 2b + (c-1)*b + k. VCs: NODE_VC_MASK towards nodes (UNI last stage, BI left ports of stage 0),
// NETWORK_VC_MASK otherwise (MinRoutingConfig).
// Bit-string (split_bit_string): the nodes below each downward port k (UNI: digit n-1-j = k, BI:
// left port, digit j = k) within the switch's block. UNI: one branch per port that reaches a named
// node, each with the string masked to that port's nodes; a node outside the block, or none, is an
// error. BI: from a left port, a string naming a node outside the block goes forward unchanged on
// right port b (an error at the last stage); otherwise every named node must be below and the
// string splits over the left ports as in UNI.
module wc_route_dtag #(
    parameter integer B               = 2,  // switch radix b
    parameter integer STAGES          = 3,  // stages n (b^n nodes)
    parameter integer STAGE           = 0,  // this switch's stage j (0 .. n-1)
    parameter integer BIDIRECTIONAL   = 0,  // 0: baseline UNI-MIN, 1: butterfly BI-MIN
    parameter integer CONSUMPTION     = 1,  // consumption channels per node: 1 or B
    parameter integer NUM_VCS         = 1,  // virtual channels per port
    parameter [31:0]  NETWORK_VC_MASK = 32'hFFFF_FFFF,  // VCs allowed switch to switch (bit v)
    parameter [31:0]  NODE_VC_MASK    = 32'hFFFF_FFFF,  // VCs allowed towards a node
    parameter integer IN_PORT         = 0,  // input port this unit serves
    parameter integer FLIT_WIDTH      = 32, // header word bits (>= 2 + NODE_BITS)
    parameter integer TREE_WORMS      = 0,  // 1: bit-string headers (replication to b branches)
    // Derived (do not override).
    parameter integer NODES           = B ** STAGES,
    parameter integer ROWS            = B ** (STAGES - 1),
    parameter integer NODE_BITS       = (NODES > 2) ? $clog2(NODES) : 1,
    parameter integer ROW_BITS        = (ROWS > 1) ? $clog2(ROWS) : 1,
    parameter integer EXIT            = ((BIDIRECTIONAL != 0) ? (STAGE == 0) : (STAGE == STAGES - 1))
                                        ? 1 : 0,  // exit switch: delivers to nodes
    parameter integer NUM_OUT         = ((BIDIRECTIONAL != 0) ? 2 * B : B) +
                                        ((EXIT != 0) ? (CONSUMPTION - 1) * B : 0),
    parameter integer OUT_W           = (NUM_OUT > 1) ? $clog2(NUM_OUT) : 1,
    parameter integer NUM_BR          = (TREE_WORMS != 0) ? B : 1,  // branches of a worm
    // Header flits latched: one, or a bit-string of 2 + NODES bits.
    parameter integer HDR_FLITS       = (TREE_WORMS != 0) ? (2 + NODES + FLIT_WIDTH - 1) / FLIT_WIDTH : 1,
    parameter integer HDR_W           = HDR_FLITS * FLIT_WIDTH,
    parameter integer HF_W            = $clog2(HDR_FLITS + 1)
) (
    input  wire [ROW_BITS-1:0]       row_i,         // strap: this switch's row i (0 .. b^(n-1)-1)
    input  wire [HDR_W-1:0]          header_i,      // latched header, first word in the low bits
    output reg  [NUM_BR*OUT_W-1:0]   port_o,        // output port of each branch
    output reg  [NUM_BR*NUM_VCS-1:0] vc_mask_o,     // the output VCs it may take
    output reg  [NUM_BR-1:0]         branch_o,      // branch b exists
    output reg  [NUM_BR*HDR_W-1:0]   out_header_o,  // header each branch carries
    output reg  [HF_W-1:0]           out_flits_o,   // their length in flits
    output reg                       error_o        // not routable here, or destination unreachable
);
  // Base-b place values used below.
  localparam integer UNI_DIGIT = B ** (STAGES - 1 - STAGE);  // UNI: weight of digit n-1-j
  localparam integer BI_DIGIT = B ** STAGE;                  // BI: weight of digit j
  // Consumption channel of a worm from this input, and the first output of its channel.
  localparam integer CHANNEL = IN_PORT % CONSUMPTION;
  localparam integer CHANNEL_BASE = (CHANNEL == 0) ? 0
                                    : (BIDIRECTIONAL != 0) ? 2 * B + (CHANNEL - 1) * B
                                    : CHANNEL * B;
  localparam [OUT_W-1:0] FIRST_RIGHT = OUT_W'(B);
  localparam [0:0] FROM_LEFT = (BIDIRECTIONAL != 0) && (IN_PORT < B);
  localparam [0:0] LAST_STAGE = (STAGE + 1 >= STAGES);
  localparam [0:0] EXIT_SWITCH = (EXIT != 0);
  localparam [NUM_VCS-1:0] NETWORK_MASK = NETWORK_VC_MASK[NUM_VCS-1:0];
  localparam [NUM_VCS-1:0] NODE_MASK = NODE_VC_MASK[NUM_VCS-1:0];
  localparam integer PORTS_W = NUM_BR * OUT_W;
  localparam integer MASKS_W = NUM_BR * NUM_VCS;

  wire [1:0] kind = header_i[1:0];
  wire [NODE_BITS-1:0] dest = header_i[2+:NODE_BITS];

  integer digit;
  reg below;  // the destination lies in this switch's block
  reg [OUT_W-1:0] uni_port;
  reg uni_error;
  always @(*) begin
    uni_error = (32'(dest) >= NODES);
    if (BIDIRECTIONAL == 0) begin
      digit = (32'(dest) / UNI_DIGIT) % B;
      below = (32'(dest) / (UNI_DIGIT * B)) == (32'(row_i) / UNI_DIGIT);
      if (!below) uni_error = 1'b1;
      uni_port = OUT_W'(digit);
    end else begin
      digit = (32'(dest) / BI_DIGIT) % B;
      below = (32'(dest) / (BI_DIGIT * B)) == (32'(row_i) / BI_DIGIT);
      if (FROM_LEFT && !below) begin
        // Forward: any right port leads towards the turnaround stage; the lowest is taken.
        if (LAST_STAGE) uni_error = 1'b1;
        uni_port = FIRST_RIGHT;
      end else begin
        if (!below) uni_error = 1'b1;
        uni_port = OUT_W'(digit);
      end
    end
    // Leaving towards a node on the exit switch: the worm's consumption channel.
    if (EXIT_SWITCH && (BIDIRECTIONAL == 0 || !(FROM_LEFT && !below)))
      uni_port = OUT_W'(CHANNEL_BASE + digit);
  end

  // Towards a node (UNI: every output of the last stage; BI: a left port of stage 0) the node
  // mask, otherwise the network mask.
  wire uni_to_node = (BIDIRECTIONAL == 0) ? LAST_STAGE : (STAGE == 0) && (uni_port != FIRST_RIGHT);
  wire [NUM_VCS-1:0] uni_mask = uni_to_node ? NODE_MASK : NETWORK_MASK;

  // What a bit-string asks for (with TREE_WORMS = 0 it is an error).
  wire [NUM_BR-1:0] tree_branch;
  wire [NUM_BR*OUT_W-1:0] tree_port;
  wire [NUM_BR*NUM_VCS-1:0] tree_mask;
  wire [NUM_BR*HDR_W-1:0] tree_header;
  wire tree_error;
  generate
    if (TREE_WORMS != 0) begin : g_tree
      // Nodes per downward port, and the first node of the switch's block.
      localparam integer SPAN = (BIDIRECTIONAL != 0) ? BI_DIGIT : UNI_DIGIT;
      localparam [NUM_VCS-1:0] DOWN_MASK = ((BIDIRECTIONAL != 0) ? (STAGE == 0) : LAST_STAGE)
                                           ? NODE_MASK : NETWORK_MASK;
      integer a, k;
      reg [NUM_BR-1:0] hit;  // port k reaches a named node
      reg stray;             // a named node outside the block
      reg forward;           // BI: goes on towards the turnaround stage
      reg [NUM_BR*OUT_W-1:0] ports;
      reg [NUM_BR*NUM_VCS-1:0] masks;
      reg [NUM_BR*HDR_W-1:0] headers;
      reg [NUM_BR-1:0] branches;
      reg error;
      always @(*) begin
        hit = '0;
        stray = 1'b0;
        headers = '0;
        for (a = 0; a < NODES; a = a + 1)
          if (header_i[2+a]) begin
            k = (a / SPAN) % B;
            if (a / (B * SPAN) == 32'(row_i) / SPAN) begin
              hit[k] = 1'b1;
              headers[k*HDR_W+2+a] = 1'b1;
            end else begin
              stray = 1'b1;
            end
          end
        forward = FROM_LEFT && stray;
        ports = '0;
        for (k = 0; k < NUM_BR; k = k + 1) begin
          headers[k*HDR_W+:2] = 2'd2;
          ports[k*OUT_W+:OUT_W] = OUT_W'(EXIT_SWITCH ? CHANNEL_BASE + k : k);
        end
        masks = {NUM_BR{DOWN_MASK}};
        branches = hit;
        error = stray || hit == '0;
        if (forward) begin
          // Unchanged, on the lowest right port.
          branches = NUM_BR'(1);
          ports[0+:OUT_W] = FIRST_RIGHT;
          masks[0+:NUM_VCS] = NETWORK_MASK;
          headers[0+:HDR_W] = header_i;
          error = LAST_STAGE;
        end
      end
      assign tree_branch = branches;
      assign tree_port = ports;
      assign tree_mask = masks;
      assign tree_header = headers;
      assign tree_error = error;
    end else begin : g_unicast_only
      assign tree_branch = '1;
      assign tree_port = '0;
      assign tree_mask = '0;
      assign tree_header = header_i;
      assign tree_error = 1'b1;
    end
  endgenerate

  always @(*) begin
    if (kind == 2'd2) begin
      branch_o = tree_branch;
      port_o = tree_port;
      vc_mask_o = tree_mask;
      out_header_o = tree_header;
      out_flits_o = HF_W'(HDR_FLITS);
      error_o = tree_error;
    end else begin
      // Unicast (a destination list or an unknown kind is an error: a MIN routes no path worm).
      branch_o = NUM_BR'(1);
      port_o = PORTS_W'(uni_port);
      vc_mask_o = MASKS_W'(uni_mask);
      out_header_o = {NUM_BR{header_i}};
      out_flits_o = HF_W'(1);
      error_o = uni_error || (kind != 2'd0);
    end
  end
endmodule
