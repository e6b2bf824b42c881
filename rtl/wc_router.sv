// Wormhole router of a 2-D mesh or torus (systemc/Router with e-cube routing; TORUS = 1: the
// shorter way round, dateline VC classes) or, with ROUTE_TABLE = 1, of any topology whose routing
// a table holds (wc_route_table, loaded through table_i): the shared switch core (wc_switch_core:
// input units -> OCRQs with output-VC allocation -> separable switch allocator -> replicating
// crossbar -> output units) with e-cube or table route units. Unicast worms, with PATH_WORMS = 1 multidestination path worms
// (destination-list headers of several flits, absorb-and-forward with replication and bubbles,
// docs/multicast-hardware.md), and with TREE_WORMS = 1 tree worms (bit-string headers replicated
// to up to 5 branches, each with its own masked header, bubbles; with a table to every output,
// e.g. the switches of a MIN, optionally serialised by an ATBM token ring, TOKEN_RING). Cycle
// for cycle the same pins as the SystemC Router: every output
// is a register, a flit granted in cycle g is seen downstream in g + T_SW + link latency, a
// credit for a flit that left a FIFO in cycle g is seen upstream in g + link latency
// (docs/pipeline.md).
module wc_router #(
    parameter integer MESH_X     = 4,   // mesh radix in x (dimension 0)
    parameter integer MESH_Y     = 4,   // mesh radix in y (dimension 1)
    parameter integer NUM_INJ    = 1,   // injection channels (inputs 4 ..)
    parameter integer NUM_CONS   = 1,   // consumption channels (outputs 4 ..)
    parameter integer NUM_VCS    = 1,   // virtual channels per port (1..16)
    parameter integer BUF_DEPTH  = 4,   // flits per input VC FIFO (>= 1)
    parameter integer FLIT_WIDTH = 32,  // data bits per flit (8..64)
    parameter integer T_NODE     = 1,   // routing delay of a unicast header, cycles (>= 1)
    parameter integer T_SW       = 1,   // crossbar traversal, cycles (>= 1)
    parameter integer T_PHY      = 1,   // network link latency, cycles (>= 1)
    parameter integer T_INJ      = 1,   // injection channel latency (credits back to the NIC)
    parameter integer T_CONS     = 1,   // consumption channel latency (flits to the NIC)
    parameter integer PATH_WORMS = 0,   // 1: multidestination path worms (destination lists)
    parameter integer TREE_WORMS = 0,   // 1: e-cube tree worms (bit-string headers)
    parameter integer TORUS      = 0,   // 1: a 2-D torus (wrap-around links), e-cube the short way
    parameter integer DATELINE   = 1,   // torus: dateline VC classes (needs NUM_VCS >= 2)
    parameter integer T_NODE_MULTIDEST = 1,  // routing delay of a list or bit-string, cycles (>= 1)
    // Table routing (wc_route_table) instead of e-cube: NUM_NET network ports (links of latency
    // T_PHY) before the injection and consumption ports, TABLE_NODES addressable nodes, and the
    // table's size (bit-string groups, rows). MESH_X, MESH_Y, TORUS and node_id_i are then unused.
    parameter integer ROUTE_TABLE = 0,
    parameter integer NUM_NET    = 4,
    parameter integer TABLE_NODES = 16,
    parameter integer GROUPS     = 1,
    parameter integer CLASSES    = 1,
    parameter integer ALTS       = 0,   // adaptive alternatives a table entry holds
    // 1: every port's link latency is a strap (in_latency_i, out_latency_i; 1..MAX_LATENCY
    // cycles) instead of T_PHY, T_INJ and T_CONS, so that one configuration serves switches whose
    // ports face nodes or switches in any pattern (the stages of a MIN, irregular networks).
    parameter integer LATENCY_STRAPS = 0,
    parameter integer MAX_LATENCY = 4,
    // ATBM token ring (wc_token_stop, tree worms): 1: a worm with several branches waits for the
    // token of the ring token_i/token_o belong to (the switches of one group, wired stop to stop)
    // before it enters the OCRQs; TOKEN_PASS cycles per stop; token_first_i and token_release_i
    // are the stop's straps (the stop the token leaves at reset; the holder's real flits before
    // it releases, 0: at the tail).
    parameter integer TOKEN_RING = 0,
    parameter integer TOKEN_PASS = 1,
    parameter integer TOKEN_CNT_W = 8,
    // Derived (do not override).
    parameter integer NUM_IN     = NUM_NET + NUM_INJ,
    parameter integer NUM_OUT    = NUM_NET + NUM_CONS,
    parameter integer NODES      = (ROUTE_TABLE != 0) ? TABLE_NODES : MESH_X * MESH_Y,
    parameter integer NODE_BITS  = (NODES > 2) ? $clog2(NODES) : 1,
    // Header flits an input VC latches: one (unicast), a list naming 2^NODE_BITS destinations
    // (the longest header), or a bit-string of 2 + NODES bits.
    parameter integer HDR_FLITS  = (PATH_WORMS != 0)
                                   ? (2 + NODE_BITS + (1 << NODE_BITS) * NODE_BITS + FLIT_WIDTH - 1) / FLIT_WIDTH
                                   : (TREE_WORMS != 0) ? (2 + NODES + FLIT_WIDTH - 1) / FLIT_WIDTH
                                   : 1,
    // Branches of a worm: 4 directions + consumption (tree; every output with a table), 2
    // (absorb-and-forward) or 1.
    parameter integer NUM_BR     = (TREE_WORMS != 0) ? ((ROUTE_TABLE != 0) ? NUM_OUT : 5)
                                   : (PATH_WORMS != 0) ? 2 : 1,
    // wc_route_table's TABLE_BITS (1 without a table).
    parameter integer OUT_BITS   = (NUM_OUT > 1) ? $clog2(NUM_OUT) : 1,
    parameter integer CLS_BITS   = (CLASSES > 1) ? $clog2(CLASSES) : 1,
    parameter integer TABLE_BITS = (ROUTE_TABLE == 0) ? 1
                                   : NUM_IN * NUM_VCS * 2 * CLS_BITS
                                     + CLASSES * (NODES + GROUPS)
                                       * (3 + NUM_VCS + OUT_BITS + ALTS * (1 + OUT_BITS))
                                     + GROUPS * NODES + NODES * (1 + OUT_BITS) + NUM_OUT * NUM_VCS,
    // Packed flit bits on the link ports (docs/flit-format.md): max(32, FLIT_WIDTH) data bits,
    // then 32 bits of message, VC, kind and a spare bit; 64 up to 32-bit flits.
    parameter integer PFLIT_W    = ((FLIT_WIDTH > 32) ? FLIT_WIDTH : 32) + 32
) (
    input  wire                   clk_i,
    input  wire                   rst_ni,
    // One of the two straps is unused: node_id_i with a table, table_i with e-cube routing.
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [NODE_BITS-1:0]   node_id_i,     // strap: this router's node, x + MESH_X * y
    input  wire [TABLE_BITS-1:0]  table_i,       // strap: the route table (ROUTE_TABLE = 1)
    // Straps (LATENCY_STRAPS = 1): per port p, bits p*8 +: 8, its link latency in cycles (an
    // input's credits back, an output's flits out).
    input  wire [NUM_IN*8-1:0]    in_latency_i,
    input  wire [NUM_OUT*8-1:0]   out_latency_i,
    // The ATBM token ring (TOKEN_RING = 1; unused otherwise).
    input  wire                   token_first_i,   // strap
    input  wire [TOKEN_CNT_W-1:0] token_release_i, // strap
    input  wire                   token_i,         // from the previous stop of the ring
    /* verilator lint_on UNUSEDSIGNAL */
    output wire                   token_o,         // to the next stop
    // Statistics of the token stop (performance counters; 0 without a ring): tokens taken, and
    // the cycles requests for it were pending (systemc/pure/TokenRing's grants, wait_cycles).
    output wire [63:0]            token_grants_o,
    output wire [63:0]            token_wait_o,
    // Per input port p: link from upstream (bits p*PFLIT_W +: PFLIT_W), credits back (p*32 +: 32).
    input  wire [NUM_IN-1:0]      in_valid_i,
    input  wire [NUM_IN*PFLIT_W-1:0] in_flit_i,
    output wire [NUM_IN*32-1:0]   in_credit_o,
    // Per output port q: link to downstream and the credits it returns.
    output wire [NUM_OUT-1:0]     out_valid_o,
    output wire [NUM_OUT*PFLIT_W-1:0] out_flit_o,
    input  wire [NUM_OUT*32-1:0]  out_credit_i,
    output wire                   error_o        // sticky: a protocol invariant broke
);
  localparam integer NUM_REQ = NUM_IN * NUM_VCS;  // input VCs
  localparam integer OUT_W = (NUM_OUT > 1) ? $clog2(NUM_OUT) : 1;
  localparam integer HDR_W = HDR_FLITS * FLIT_WIDTH;
  localparam integer HF_W = $clog2(HDR_FLITS + 1);
  localparam integer ALTS_USED = (ROUTE_TABLE != 0) ? ALTS : 0;  // e-cube routes have none
  localparam integer ALT_W = (ALTS_USED > 0) ? ALTS_USED * (1 + OUT_W) : 1;

  // Between the switch core and the route units, per input VC r = p * NUM_VCS + v.
  wire [NUM_REQ*HDR_W-1:0] header;
  wire [NUM_REQ*NUM_BR-1:0] branch;
  wire [NUM_REQ*NUM_BR*OUT_W-1:0] route_port;
  wire [NUM_REQ*NUM_BR*NUM_VCS-1:0] route_mask;
  wire [NUM_REQ*NUM_BR*HDR_W-1:0] branch_header;  // the header each branch carries
  wire [NUM_REQ*HF_W-1:0] out_flits;
  wire [NUM_REQ-1:0] route_error;
  wire [NUM_REQ*ALT_W-1:0] route_alt;  // adaptive alternatives (table routing)

  // The network ports come first: inputs after them are injection channels, outputs after them
  // consumption channels.
  wc_switch_core #(
      .NUM_IN          (NUM_IN),
      .NUM_OUT         (NUM_OUT),
      .NUM_VCS         (NUM_VCS),
      .BUF_DEPTH       (BUF_DEPTH),
      .FLIT_WIDTH      (FLIT_WIDTH),
      .NODES           (NODES),
      .HDR_FLITS       (HDR_FLITS),
      .NUM_BR          (NUM_BR),
      .T_NODE          (T_NODE),
      .T_NODE_MULTIDEST((PATH_WORMS != 0 || TREE_WORMS != 0) ? T_NODE_MULTIDEST : T_NODE),
      .T_SW            (T_SW),
      .T_PHY           (T_PHY),
      .T_INJ           (T_INJ),
      .T_CONS          (T_CONS),
      .FROM_NODE       (~NUM_IN'((1 << NUM_NET) - 1)),
      .TO_NODE         (~NUM_OUT'((1 << NUM_NET) - 1)),
      .TOKEN_RING      (TOKEN_RING),
      .TOKEN_PASS      (TOKEN_PASS),
      .TOKEN_CNT_W     (TOKEN_CNT_W),
      .ALTS            (ALTS_USED),
      .LATENCY_STRAPS  (LATENCY_STRAPS),
      .MAX_LATENCY     (MAX_LATENCY)
  ) u_core (
      .clk_i          (clk_i),
      .rst_ni         (rst_ni),
      .in_latency_i   (in_latency_i),
      .out_latency_i  (out_latency_i),
      .header_o       (header),
      .branch_i       (branch),
      .port_i         (route_port),
      .vc_mask_i      (route_mask),
      .out_header_i   (branch_header),
      .out_flits_i    (out_flits),
      .route_error_i  (route_error),
      .alt_i          (route_alt),
      .token_first_i  (token_first_i),
      .token_release_i(token_release_i),
      .token_i        (token_i),
      .token_o        (token_o),
      .token_grants_o (token_grants_o),
      .token_wait_o   (token_wait_o),
      .in_valid_i     (in_valid_i),
      .in_flit_i      (in_flit_i),
      .in_credit_o    (in_credit_o),
      .out_valid_o    (out_valid_o),
      .out_flit_o     (out_flit_o),
      .out_credit_i   (out_credit_i),
      .error_o        (error_o)
  );

  // The route units: e-cube on the mesh or torus, or the table.
  genvar p, v;
  generate
    for (p = 0; p < NUM_IN; p = p + 1) begin : g_in
      for (v = 0; v < NUM_VCS; v = v + 1) begin : g_vc
        localparam integer R = p * NUM_VCS + v;
        if (ROUTE_TABLE != 0) begin : g_table
          wc_route_table #(
              .NUM_IN    (NUM_IN),
              .NUM_OUT   (NUM_OUT),
              .NUM_VCS   (NUM_VCS),
              .NODES     (NODES),
              .GROUPS    (GROUPS),
              .CLASSES   (CLASSES),
              .REQ       (R),
              .FLIT_WIDTH(FLIT_WIDTH),
              .PATH_WORMS(PATH_WORMS),
              .TREE_WORMS(TREE_WORMS),
              .HDR_FLITS (HDR_FLITS),
              .ALTS      (ALTS_USED)
          ) u_route (
              .table_i     (table_i),
              .header_i    (header[R*HDR_W+:HDR_W]),
              .branch_o    (branch[R*NUM_BR+:NUM_BR]),
              .port_o      (route_port[R*NUM_BR*OUT_W+:NUM_BR*OUT_W]),
              .vc_mask_o   (route_mask[R*NUM_BR*NUM_VCS+:NUM_BR*NUM_VCS]),
              .out_header_o(branch_header[R*NUM_BR*HDR_W+:NUM_BR*HDR_W]),
              .out_flits_o (out_flits[R*HF_W+:HF_W]),
              .alt_o       (route_alt[R*ALT_W+:ALT_W]),
              .error_o     (route_error[R])
          );
        end else begin : g_ecube
          assign route_alt[R*ALT_W+:ALT_W] = '0;
          wc_route_ecube #(
              .MESH_X    (MESH_X),
              .MESH_Y    (MESH_Y),
              .NUM_VCS   (NUM_VCS),
              .NUM_CONS  (NUM_CONS),
              .IN_PORT   (p),
              .IN_VC     (v),
              .TORUS     (TORUS),
              .DATELINE  (DATELINE),
              .FLIT_WIDTH(FLIT_WIDTH),
              .PATH_WORMS(PATH_WORMS),
              .TREE_WORMS(TREE_WORMS),
              .HDR_FLITS (HDR_FLITS)
          ) u_route (
              .node_id_i   (node_id_i),
              .header_i    (header[R*HDR_W+:HDR_W]),
              .branch_o    (branch[R*NUM_BR+:NUM_BR]),
              .port_o      (route_port[R*NUM_BR*OUT_W+:NUM_BR*OUT_W]),
              .vc_mask_o   (route_mask[R*NUM_BR*NUM_VCS+:NUM_BR*NUM_VCS]),
              .out_header_o(branch_header[R*NUM_BR*HDR_W+:NUM_BR*HDR_W]),
              .out_flits_o (out_flits[R*HF_W+:HF_W]),
              .error_o     (route_error[R])
          );
        end
      end
    end
  endgenerate
endmodule
