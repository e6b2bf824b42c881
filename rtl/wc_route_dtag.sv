// Route unit of one MIN switch for unicast worms (topologies/min/UniMinRouting and BiMinRouting +
// ConsumptionChannels + systemc/RouteUnit): decodes a latched unicast header (docs/flit-format.md:
// bits 1:0 kind = 0, then the destination) and names the output port and the output VCs the worm
// may take. Combinational; the t_node delay is counted by the input unit.
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
    // Derived (do not override).
    parameter integer NODES           = B ** STAGES,
    parameter integer ROWS            = B ** (STAGES - 1),
    parameter integer NODE_BITS       = (NODES > 2) ? $clog2(NODES) : 1,
    parameter integer ROW_BITS        = (ROWS > 1) ? $clog2(ROWS) : 1,
    parameter integer EXIT            = ((BIDIRECTIONAL != 0) ? (STAGE == 0) : (STAGE == STAGES - 1))
                                        ? 1 : 0,  // exit switch: delivers to nodes
    parameter integer NUM_OUT         = ((BIDIRECTIONAL != 0) ? 2 * B : B) +
                                        ((EXIT != 0) ? (CONSUMPTION - 1) * B : 0),
    parameter integer OUT_W           = (NUM_OUT > 1) ? $clog2(NUM_OUT) : 1
) (
    input  wire [ROW_BITS-1:0]   row_i,      // strap: this switch's row i (0 .. b^(n-1)-1)
    input  wire [FLIT_WIDTH-1:0] header_i,   // first (only) header word of a unicast worm
    output reg  [OUT_W-1:0]      port_o,
    output wire [NUM_VCS-1:0]    vc_mask_o,
    output reg                   error_o     // not a unicast header, or destination unreachable
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

  wire [1:0] kind = header_i[1:0];
  wire [NODE_BITS-1:0] dest = header_i[2+:NODE_BITS];

  integer digit;
  reg below;  // the destination lies in this switch's block
  always @(*) begin
    error_o = (kind != 2'd0) || (32'(dest) >= NODES);
    if (BIDIRECTIONAL == 0) begin
      digit = (32'(dest) / UNI_DIGIT) % B;
      below = (32'(dest) / (UNI_DIGIT * B)) == (32'(row_i) / UNI_DIGIT);
      if (!below) error_o = 1'b1;
      port_o = OUT_W'(digit);
    end else begin
      digit = (32'(dest) / BI_DIGIT) % B;
      below = (32'(dest) / (BI_DIGIT * B)) == (32'(row_i) / BI_DIGIT);
      if (FROM_LEFT && !below) begin
        // Forward: any right port leads towards the turnaround stage; the lowest is taken.
        if (LAST_STAGE) error_o = 1'b1;
        port_o = FIRST_RIGHT;
      end else begin
        if (!below) error_o = 1'b1;
        port_o = OUT_W'(digit);
      end
    end
    // Leaving towards a node on the exit switch: the worm's consumption channel.
    if (EXIT_SWITCH && (BIDIRECTIONAL == 0 || !(FROM_LEFT && !below)))
      port_o = OUT_W'(CHANNEL_BASE + digit);
  end

  // Towards a node (UNI: every output of the last stage; BI: a left port of stage 0) the node
  // mask, otherwise the network mask.
  wire to_node = (BIDIRECTIONAL == 0) ? LAST_STAGE : (STAGE == 0) && (port_o != FIRST_RIGHT);
  assign vc_mask_o = to_node ? NODE_MASK : NETWORK_MASK;

  // Header bits above the destination are not used by a unicast header.
  if (FLIT_WIDTH > NODE_BITS + 2) begin : g_unused
    /* verilator lint_off UNUSED */
    wire unused_header_bits = ^header_i[FLIT_WIDTH-1:NODE_BITS+2];
    /* verilator lint_on UNUSED */
  end
endmodule
