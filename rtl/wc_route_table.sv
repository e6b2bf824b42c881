// Table-driven route unit (systemc/pure/RouteTable, TableRouting): decodes a latched header
// (docs/flit-format.md) and names the branches of the worm from a table computed in C++ from the
// family's routing function, so that a family co-simulates by supplying tables instead of route
// RTL of its own. The table is a strap (`table_i`, held constant from reset on, like node_id_i),
// laid out as RouteTable::pack() writes it, least-significant bit first:
//   A. per input VC r (= port * NUM_VCS + vc): its class for unicast and bit-string headers, then
//      its class for destination lists (CLS_W bits each);
//   B. per class c and key k (c-major): an entry of ENTRY_W bits: [0] valid, [1] local (the key is
//      this router's node: a list pops it here), [2] split (a bit-string splits per destination
//      here), [3 +: NUM_VCS] the output VCs allowed, then the output port (OUT_W bits), then ALTS
//      adaptive alternatives in the order they are tried, each 1 valid bit and a port (OUT_W
//      bits). Keys 0..NODES-1 are destinations, NODES + g the bit-string group g;
//   C. per group g: NODES bits, the destinations it holds; a bit-string header's key is its first
//      group holding all its destinations;
//   D. per destination d: 1 valid bit and the output port (OUT_W bits) a split sends d to;
//   E. per output port: the output VCs a split branch on it may take (NUM_VCS bits).
// A unicast goes one way, the entry of its destination. A destination list (PATH_WORMS = 1) goes
// towards its next destination d0; where d0's entry is local the worm is consumed there (last
// destination) or split in two as in wc_route_ecube: branch 0 to the local port, branch 1 to the
// following destination's port, both with d0 popped. A bit-string (TREE_WORMS = 1) takes the
// entry of its group: one way with its header unchanged, or, when the entry splits, branch q goes
// out of port q carrying the string masked to the destinations whose split port is q.
// Adaptive alternatives (ALTS > 0): a worm going one way (a unicast, an unsplit bit-string) may
// take, instead of its port, the alternatives of its entry (alt_o, in the order tried; the switch
// core chooses, wc_ocrq). Destination lists take none (RouteTable::pack refuses them there).
// Combinational; the t_node delay is counted by the input unit.
module wc_route_table #(
    parameter integer NUM_IN     = 5,   // input ports of the router
    parameter integer NUM_OUT    = 5,   // output ports of the router
    parameter integer NUM_VCS    = 1,   // virtual channels per port
    parameter integer NODES      = 16,  // addressable nodes (header address space)
    parameter integer GROUPS     = 1,   // bit-string groups (keys NODES ..)
    parameter integer CLASSES    = 1,   // table rows (input classes)
    parameter integer REQ        = 0,   // the input VC this unit serves (port * NUM_VCS + vc)
    parameter integer FLIT_WIDTH = 32,  // header word bits
    parameter integer PATH_WORMS = 0,   // 1: destination-list headers
    parameter integer TREE_WORMS = 0,   // 1: bit-string headers
    parameter integer HDR_FLITS  = 1,   // header flits latched (the longest header routed)
    parameter integer ALTS       = 0,   // adaptive alternatives an entry holds
    // Derived (do not override).
    parameter integer NODE_BITS  = (NODES > 2) ? $clog2(NODES) : 1,
    parameter integer OUT_W      = (NUM_OUT > 1) ? $clog2(NUM_OUT) : 1,
    parameter integer NUM_BR     = (TREE_WORMS != 0) ? NUM_OUT : (PATH_WORMS != 0) ? 2 : 1,
    parameter integer HDR_W      = HDR_FLITS * FLIT_WIDTH,
    parameter integer HF_W       = $clog2(HDR_FLITS + 1),
    parameter integer CLS_W      = (CLASSES > 1) ? $clog2(CLASSES) : 1,
    parameter integer KEYS       = NODES + GROUPS,
    parameter integer ALT_W      = (ALTS > 0) ? ALTS * (1 + OUT_W) : 1,  // alt_o bits
    parameter integer ENTRY_W    = 3 + NUM_VCS + OUT_W + ((ALTS > 0) ? ALT_W : 0),
    parameter integer TABLE_BITS = NUM_IN * NUM_VCS * 2 * CLS_W + CLASSES * KEYS * ENTRY_W
                                   + GROUPS * NODES + NODES * (1 + OUT_W) + NUM_OUT * NUM_VCS
) (
    input  wire [TABLE_BITS-1:0]    table_i,       // the router's table (RouteTable::pack)
    input  wire [HDR_W-1:0]         header_i,      // latched header, first word in the low bits
    output reg  [NUM_BR-1:0]        branch_o,      // branch b exists
    output reg  [NUM_BR*OUT_W-1:0]  port_o,        // its output port
    output reg  [NUM_BR*NUM_VCS-1:0] vc_mask_o,    // the output VCs it may take
    output reg  [NUM_BR*HDR_W-1:0]  out_header_o,  // header each branch carries
    output reg  [HF_W-1:0]          out_flits_o,   // its length in flits
    output reg  [ALT_W-1:0]         alt_o,         // branch 0's alternatives (slot k: valid, port)
    output reg                      error_o        // not routable here (kind, key, entry)
);
  localparam integer A = NODE_BITS;
  localparam integer PORTS_W = NUM_BR * OUT_W;
  localparam integer MASKS_W = NUM_BR * NUM_VCS;
  localparam integer HDRS_W = NUM_BR * HDR_W;
  // Section offsets (bits).
  localparam integer CLASS_AT = 0;
  localparam integer ROWS_AT = NUM_IN * NUM_VCS * 2 * CLS_W;
  localparam integer GROUPS_AT = ROWS_AT + CLASSES * KEYS * ENTRY_W;
  localparam integer SPLIT_AT = GROUPS_AT + GROUPS * NODES;
  localparam integer SPLIT_VC_AT = SPLIT_AT + NODES * (1 + OUT_W);

  wire [CLS_W-1:0] unicast_class = table_i[CLASS_AT+REQ*2*CLS_W+:CLS_W];
  /* verilator lint_off UNUSEDSIGNAL */  // without path worms
  wire [CLS_W-1:0] list_class = table_i[CLASS_AT+(REQ*2+1)*CLS_W+:CLS_W];
  /* verilator lint_on UNUSEDSIGNAL */

  // The entry of key `key` in row `cls` (an out-of-range class or key gives an invalid entry).
  function automatic [ENTRY_W-1:0] entry(input [CLS_W-1:0] cls, input integer key);
    if (32'(cls) >= CLASSES || key < 0 || key >= KEYS) entry = '0;
    else entry = table_i[ROWS_AT+(32'(cls)*KEYS+key)*ENTRY_W+:ENTRY_W];
  endfunction
  // Flits of a header of `bits` bits.
  function automatic [HF_W-1:0] flits_of(input integer bits);
    integer k;
    flits_of = '0;
    for (k = 0; k < HDR_FLITS; k = k + 1) if (bits > k * FLIT_WIDTH) flits_of = HF_W'(k + 1);
  endfunction

  // The alternatives of an entry (none with ALTS = 0).
  function automatic [ALT_W-1:0] alts_of(input [ENTRY_W-1:0] e);
    alts_of = ALT_W'(e >> (3 + NUM_VCS + OUT_W));
  endfunction

  wire [1:0] kind = header_i[1:0];
  wire [A-1:0] field = header_i[2+:A];  // unicast: destination; list: entries - 1

  // What a destination list asks for (with PATH_WORMS = 0 it is an error).
  wire [NUM_BR-1:0] list_branch;
  wire [PORTS_W-1:0] list_port;
  wire [MASKS_W-1:0] list_mask;
  wire [HDRS_W-1:0] list_header;
  wire [HF_W-1:0] list_flits;
  wire list_error;
  generate
    if (PATH_WORMS != 0) begin : g_path
      integer count, d0, d1;
      /* verilator lint_off UNUSEDSIGNAL */  // the split bit
      reg [ENTRY_W-1:0] e0, e1;
      /* verilator lint_on UNUSEDSIGNAL */
      reg [1:0] branch;
      reg [2*OUT_W-1:0] port;
      reg [2*NUM_VCS-1:0] mask;
      reg [HDR_W-1:0] popped;
      reg [HF_W-1:0] flits;
      reg error;
      always @(*) begin
        count = 32'(field) + 1;
        d0 = 32'(header_i[2+A+:A]);
        d1 = 32'(header_i[2+2*A+:A]);
        e0 = entry(list_class, d0 < NODES ? d0 : KEYS);
        e1 = entry(list_class, d1 < NODES ? d1 : KEYS);
        branch = 2'b01;
        port = {OUT_W'(0), e0[3+NUM_VCS+:OUT_W]};
        mask = {NUM_VCS'(0), e0[3+:NUM_VCS]};
        popped = header_i;
        flits = flits_of(2 + A + count * A);
        error = !e0[0];
        if (e0[1] && count > 1) begin
          branch = 2'b11;
          port = {e1[3+NUM_VCS+:OUT_W], e0[3+NUM_VCS+:OUT_W]};
          mask = {e1[3+:NUM_VCS], e0[3+:NUM_VCS]};
          // The same node twice in a row, or a node the table cannot route.
          if (!e1[0] || e1[1]) error = 1'b1;
          popped = ((header_i >> (2 + 2 * A)) << (2 + A)) | HDR_W'({A'(count - 2), 2'd1});
          flits = flits_of(2 + A + (count - 1) * A);
        end
      end
      assign list_branch = NUM_BR'(branch);
      assign list_port = PORTS_W'(port);
      assign list_mask = MASKS_W'(mask);
      assign list_header = {NUM_BR{popped}};
      assign list_flits = flits;
      assign list_error = error;
    end else begin : g_no_path
      assign list_branch = NUM_BR'(1);
      assign list_port = '0;
      assign list_mask = '0;
      assign list_header = {NUM_BR{header_i}};
      assign list_flits = HF_W'(1);
      assign list_error = 1'b1;
    end
  endgenerate

  // What a bit-string asks for (with TREE_WORMS = 0 it is an error).
  wire [NUM_BR-1:0] tree_branch;
  wire [PORTS_W-1:0] tree_port;
  wire [MASKS_W-1:0] tree_mask;
  wire [HDRS_W-1:0] tree_header;
  wire [ALT_W-1:0] tree_alt;
  wire tree_error;
  generate
    if (TREE_WORMS != 0) begin : g_tree
      integer g, key, d, q;
      reg found, error;
      reg [NODES-1:0] dests;
      /* verilator lint_off UNUSEDSIGNAL */  // the local bit
      reg [ENTRY_W-1:0] e;
      /* verilator lint_on UNUSEDSIGNAL */
      reg [NUM_BR-1:0] hit;
      reg [HDRS_W-1:0] headers;
      reg [PORTS_W-1:0] ports;
      reg [MASKS_W-1:0] masks;
      reg [OUT_W-1:0] split_port;
      reg [ALT_W-1:0] alt;
      always @(*) begin
        dests = header_i[2+:NODES];
        // The first group holding every destination.
        found = 1'b0;
        key = KEYS;
        for (g = GROUPS - 1; g >= 0; g = g - 1)
          if ((dests & ~table_i[GROUPS_AT+g*NODES+:NODES]) == '0) begin
            found = 1'b1;
            key = NODES + g;
          end
        e = entry(unicast_class, key);
        error = !found || !e[0] || dests == '0;
        hit = '0;
        headers = '0;
        ports = '0;
        masks = '0;
        split_port = '0;
        alt = '0;
        if (e[2]) begin
          // Split: every destination to its split port, each branch its masked string.
          for (d = 0; d < NODES; d = d + 1)
            if (dests[d]) begin
              split_port = table_i[SPLIT_AT+d*(1+OUT_W)+1+:OUT_W];
              if (!table_i[SPLIT_AT+d*(1+OUT_W)] || 32'(split_port) >= NUM_OUT) error = 1'b1;
              else begin
                hit[split_port] = 1'b1;
                headers[32'(split_port)*HDR_W+2+d] = 1'b1;
              end
            end
          for (q = 0; q < NUM_BR; q = q + 1) begin
            headers[q*HDR_W+:2] = 2'd2;
            ports[q*OUT_W+:OUT_W] = OUT_W'(q);
            masks[q*NUM_VCS+:NUM_VCS] = table_i[SPLIT_VC_AT+q*NUM_VCS+:NUM_VCS];
          end
        end else begin
          hit = NUM_BR'(1);
          headers = {NUM_BR{header_i}};
          ports = PORTS_W'(e[3+NUM_VCS+:OUT_W]);
          masks = MASKS_W'(e[3+:NUM_VCS]);
          alt = alts_of(e);
        end
      end
      assign tree_branch = hit;
      assign tree_alt = alt;
      assign tree_port = ports;
      assign tree_mask = masks;
      assign tree_header = headers;
      assign tree_error = error;
    end else begin : g_no_tree
      assign tree_branch = NUM_BR'(1);
      assign tree_port = '0;
      assign tree_mask = '0;
      assign tree_header = {NUM_BR{header_i}};
      assign tree_alt = '0;
      assign tree_error = 1'b1;
    end
  endgenerate

  /* verilator lint_off UNUSEDSIGNAL */  // the local and split bits
  reg [ENTRY_W-1:0] unicast_entry;
  /* verilator lint_on UNUSEDSIGNAL */
  always @(*) begin
    unicast_entry = entry(unicast_class, 32'(field) < NODES ? 32'(field) : KEYS);
    if (kind == 2'd1) begin
      branch_o = list_branch;
      port_o = list_port;
      vc_mask_o = list_mask;
      out_header_o = list_header;
      out_flits_o = list_flits;
      alt_o = '0;
      error_o = list_error;
    end else if (kind == 2'd2) begin
      branch_o = tree_branch;
      port_o = tree_port;
      vc_mask_o = tree_mask;
      out_header_o = tree_header;
      out_flits_o = flits_of(2 + NODES);
      alt_o = tree_alt;
      error_o = tree_error;
    end else begin
      // Unicast (an unknown kind is an error).
      branch_o = NUM_BR'(1);
      port_o = PORTS_W'(unicast_entry[3+NUM_VCS+:OUT_W]);
      vc_mask_o = MASKS_W'(unicast_entry[3+:NUM_VCS]);
      out_header_o = {NUM_BR{header_i}};
      out_flits_o = HF_W'(1);
      alt_o = alts_of(unicast_entry);
      error_o = (kind != 2'd0) || !unicast_entry[0];
    end
  end
endmodule
