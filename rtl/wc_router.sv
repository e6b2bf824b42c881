// Wormhole router of a 2-D mesh or torus (systemc/Router with e-cube routing; TORUS = 1: the
// shorter way round, dateline VC classes) or, with ROUTE_TABLE = 1, of any topology whose routing
// a table holds (wc_route_table, loaded through table_i): input units -> route units (e-cube or
// table) -> OCRQs with output-VC allocation -> separable switch allocator -> replicating crossbar
// -> output units. Unicast worms, with PATH_WORMS = 1 multidestination path worms
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
    parameter integer FLIT_WIDTH = 32,  // data bits per flit (8..32)
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
                                     + CLASSES * (NODES + GROUPS) * (3 + NUM_VCS + OUT_BITS)
                                     + GROUPS * NODES + NODES * (1 + OUT_BITS) + NUM_OUT * NUM_VCS
) (
    input  wire                   clk_i,
    input  wire                   rst_ni,
    // One of the two straps is unused: node_id_i with a table, table_i with e-cube routing.
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [NODE_BITS-1:0]   node_id_i,     // strap: this router's node, x + MESH_X * y
    input  wire [TABLE_BITS-1:0]  table_i,       // strap: the route table (ROUTE_TABLE = 1)
    // The ATBM token ring (TOKEN_RING = 1; unused otherwise).
    input  wire                   token_first_i,   // strap
    input  wire [TOKEN_CNT_W-1:0] token_release_i, // strap
    input  wire                   token_i,         // from the previous stop of the ring
    /* verilator lint_on UNUSEDSIGNAL */
    output wire                   token_o,         // to the next stop
    // Per input port p: link from upstream (bits p*64 +: 64) and credits back (p*32 +: 32).
    input  wire [NUM_IN-1:0]      in_valid_i,
    input  wire [NUM_IN*64-1:0]   in_flit_i,
    output wire [NUM_IN*32-1:0]   in_credit_o,
    // Per output port q: link to downstream and the credits it returns.
    output wire [NUM_OUT-1:0]     out_valid_o,
    output wire [NUM_OUT*64-1:0]  out_flit_o,
    input  wire [NUM_OUT*32-1:0]  out_credit_i,
    output wire                   error_o        // sticky: a protocol invariant broke
);
  localparam integer NUM_REQ = NUM_IN * NUM_VCS;  // input VCs
  localparam integer OUT_W = (NUM_OUT > 1) ? $clog2(NUM_OUT) : 1;
  localparam integer IN_W = (NUM_IN > 1) ? $clog2(NUM_IN) : 1;
  localparam integer VC_W = (NUM_VCS > 1) ? $clog2(NUM_VCS) : 1;
  localparam integer HDR_W = HDR_FLITS * FLIT_WIDTH;
  localparam integer HF_W = $clog2(HDR_FLITS + 1);
  localparam integer NUM_BRANCH = NUM_REQ * NUM_BR;  // branch slots of all input VCs

  // Per input VC (index r = p * NUM_VCS + v) and per branch slot (index r * NUM_BR + b).
  wire [NUM_REQ-1:0] routed, grant, route_error, enq, late;
  wire [NUM_BRANCH-1:0] branch, credited, request;
  wire [NUM_BRANCH*OUT_W-1:0] route_port;
  wire [NUM_BRANCH*NUM_VCS-1:0] route_mask;
  wire [NUM_BRANCH*VC_W-1:0] grant_vc, out_vc;
  reg [NUM_REQ*NUM_OUT-1:0] want;
  // Per input port.
  wire [NUM_IN*NUM_BR*64-1:0] send_flit;
  reg [NUM_IN*NUM_BR*OUT_W-1:0] send_port;
  reg [NUM_IN*NUM_BR-1:0] send_branch;
  wire [NUM_IN-1:0] in_grant, in_error;
  wire [NUM_IN*VC_W-1:0] in_grant_vc;
  // Per output port (VC index q * NUM_VCS + v).
  wire [NUM_OUT*NUM_VCS-1:0] vc_free, credit_ok, taken;
  wire [NUM_OUT-1:0] out_grant, xbar_valid, out_error;
  wire [NUM_OUT*IN_W-1:0] out_sel;
  wire [NUM_OUT*64-1:0] xbar_flit;
  wire ocrq_error;

  genvar p, v, q;
  generate
    for (p = 0; p < NUM_IN; p = p + 1) begin : g_in
      localparam integer VCS_BR = NUM_VCS * NUM_BR;
      wire [NUM_VCS*HDR_W-1:0] header;
      wire [NUM_VCS*NUM_BR*HDR_W-1:0] branch_header;  // the header each branch carries
      wire [NUM_VCS*HF_W-1:0] out_flits;
      wc_input_unit #(
          .NUM_VCS         (NUM_VCS),
          .DEPTH           (BUF_DEPTH),
          .FLIT_WIDTH      (FLIT_WIDTH),
          .NODES           (NODES),
          .HDR_FLITS       (HDR_FLITS),
          .NUM_BR          (NUM_BR),
          .T_NODE          (T_NODE),
          .T_NODE_MULTIDEST((PATH_WORMS != 0 || TREE_WORMS != 0) ? T_NODE_MULTIDEST : T_NODE),
          .CREDIT_LATENCY  (p < NUM_NET ? T_PHY : T_INJ)
      ) u_input (
          .clk_i       (clk_i),
          .rst_ni      (rst_ni),
          .in_valid_i  (in_valid_i[p]),
          .in_flit_i   (in_flit_i[p*64+:64]),
          .in_credit_o (in_credit_o[p*32+:32]),
          .header_o    (header),
          .branch_i    (branch[p*VCS_BR+:VCS_BR]),
          .out_header_i(branch_header),
          .out_flits_i (out_flits),
          .routed_o    (routed[p*NUM_VCS+:NUM_VCS]),
          .alloc_i     (grant[p*NUM_VCS+:NUM_VCS]),
          .alloc_vc_i  (grant_vc[p*VCS_BR*VC_W+:VCS_BR*VC_W]),
          .out_vc_o    (out_vc[p*VCS_BR*VC_W+:VCS_BR*VC_W]),
          .credited_i  (credited[p*VCS_BR+:VCS_BR]),
          .request_o   (request[p*VCS_BR+:VCS_BR]),
          .grant_i     (in_grant[p]),
          .grant_vc_i  (in_grant_vc[p*VC_W+:VC_W]),
          .send_flit_o (send_flit[p*NUM_BR*64+:NUM_BR*64]),
          .error_o     (in_error[p])
      );
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
              .HDR_FLITS (HDR_FLITS)
          ) u_route (
              .table_i     (table_i),
              .header_i    (header[v*HDR_W+:HDR_W]),
              .branch_o    (branch[R*NUM_BR+:NUM_BR]),
              .port_o      (route_port[R*NUM_BR*OUT_W+:NUM_BR*OUT_W]),
              .vc_mask_o   (route_mask[R*NUM_BR*NUM_VCS+:NUM_BR*NUM_VCS]),
              .out_header_o(branch_header[v*NUM_BR*HDR_W+:NUM_BR*HDR_W]),
              .out_flits_o (out_flits[v*HF_W+:HF_W]),
              .error_o     (route_error[R])
          );
        end else begin : g_ecube
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
              .header_i    (header[v*HDR_W+:HDR_W]),
              .branch_o    (branch[R*NUM_BR+:NUM_BR]),
              .port_o      (route_port[R*NUM_BR*OUT_W+:NUM_BR*OUT_W]),
              .vc_mask_o   (route_mask[R*NUM_BR*NUM_VCS+:NUM_BR*NUM_VCS]),
              .out_header_o(branch_header[v*NUM_BR*HDR_W+:NUM_BR*HDR_W]),
              .out_flits_o (out_flits[v*HF_W+:HF_W]),
              .error_o     (route_error[R])
          );
        end
      end
    end
  endgenerate

  wc_ocrq #(
      .NUM_REQ(NUM_REQ),
      .NUM_OUT(NUM_OUT),
      .NUM_VCS(NUM_VCS),
      .NUM_BR (NUM_BR)
  ) u_ocrq (
      .clk_i     (clk_i),
      .rst_ni    (rst_ni),
      .enq_i     (enq),
      .late_i    (late),
      .branch_i  (branch),
      .port_i    (route_port),
      .mask_i    (route_mask),
      .vc_free_i (vc_free),
      .grant_o   (grant),
      .grant_vc_o(grant_vc),
      .taken_o   (taken),
      .error_o   (ocrq_error)
  );

  // Tree operations and the ATBM token (as in wc_min_switch): a worm with several branches waits
  // for the token before it enters the OCRQs, and then enters them after the worms routed in the
  // same cycle.
  wire token_error;
  generate
    if (TOKEN_RING != 0) begin : g_token
      wire [NUM_REQ-1:0] tree, token_grant, sent_real, sent_tail;
      genvar t, u;
      for (t = 0; t < NUM_REQ; t = t + 1) begin : g_tree
        wire [NUM_BR-1:0] br = branch[t*NUM_BR+:NUM_BR];
        assign tree[t] = routed[t] && |(br & (br - 1'b1));
      end
      // A real flit (all its branches' copies alike; a bubble is never the holder's progress).
      for (u = 0; u < NUM_IN; u = u + 1) begin : g_sent
        wire [2:0] kind = send_flit[u*NUM_BR*64+60+:3];
        wire real_flit = in_grant[u] && kind != 3'd5;
        wire [NUM_VCS-1:0] vc_hot = NUM_VCS'(1) << in_grant_vc[u*VC_W+:VC_W];
        assign sent_real[u*NUM_VCS+:NUM_VCS] = real_flit ? vc_hot : '0;
        assign sent_tail[u*NUM_VCS+:NUM_VCS] = (real_flit && (kind == 3'd3 || kind == 3'd4)) ? vc_hot : '0;
      end
      wc_token_stop #(
          .NUM_REQ(NUM_REQ),
          .PASS   (TOKEN_PASS),
          .CNT_W  (TOKEN_CNT_W)
      ) u_token (
          .clk_i    (clk_i),
          .rst_ni   (rst_ni),
          .first_i  (token_first_i),
          .release_i(token_release_i),
          .token_i  (token_i),
          .token_o  (token_o),
          .tree_i   (tree),
          .grant_o  (token_grant),
          .real_i   (sent_real),
          .tail_i   (sent_tail),
          .error_o  (token_error)
      );
      assign enq = (routed & ~tree) | token_grant;
      assign late = token_grant;
    end else begin : g_no_token
      assign enq = routed;
      assign late = '0;
      assign token_o = 1'b0;
      assign token_error = 1'b0;
    end
  endgenerate

  // Per branch: does its output VC have a credit (returns of this cycle included)? The outputs
  // each VC asks the switch allocator for, from the branches its input unit requests.
  genvar s;
  generate
    for (s = 0; s < NUM_BRANCH; s = s + 1) begin : g_branch
      assign credited[s] = credit_ok[32'(route_port[s*OUT_W+:OUT_W])*NUM_VCS+32'(out_vc[s*VC_W+:VC_W])];
    end
  endgenerate
  integer r, b, gp;
  always @(*) begin
    want = '0;
    for (r = 0; r < NUM_REQ; r = r + 1)
      for (b = 0; b < NUM_BR; b = b + 1)
        if (request[r*NUM_BR+b]) want[r*NUM_OUT+32'(route_port[(r*NUM_BR+b)*OUT_W+:OUT_W])] = 1'b1;
    // The branch ports of the VC each input sends from, and the branches it asked for.
    for (gp = 0; gp < NUM_IN; gp = gp + 1) begin
      send_port[gp*NUM_BR*OUT_W+:NUM_BR*OUT_W] =
          route_port[(gp*NUM_VCS+32'(in_grant_vc[gp*VC_W+:VC_W]))*NUM_BR*OUT_W+:NUM_BR*OUT_W];
      send_branch[gp*NUM_BR+:NUM_BR] = request[(gp*NUM_VCS+32'(in_grant_vc[gp*VC_W+:VC_W]))*NUM_BR+:NUM_BR];
    end
  end

  wc_switch_alloc #(
      .NUM_IN (NUM_IN),
      .NUM_OUT(NUM_OUT),
      .NUM_VCS(NUM_VCS)
  ) u_switch_alloc (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .want_i       (want),
      .in_grant_o   (in_grant),
      .in_grant_vc_o(in_grant_vc),
      .out_grant_o  (out_grant),
      .out_sel_o    (out_sel)
  );

  wc_crossbar #(
      .NUM_IN (NUM_IN),
      .NUM_OUT(NUM_OUT),
      .NUM_BR (NUM_BR)
  ) u_crossbar (
      .in_flit_i  (send_flit),
      .in_port_i  (send_port),
      .in_branch_i(send_branch),
      .sel_valid_i(out_grant),
      .sel_i      (out_sel),
      .out_valid_o(xbar_valid),
      .out_flit_o (xbar_flit)
  );

  generate
    for (q = 0; q < NUM_OUT; q = q + 1) begin : g_out
      wc_output_unit #(
          .NUM_VCS(NUM_VCS),
          .DEPTH  (BUF_DEPTH),
          .DELAY  (T_SW + (q < NUM_NET ? T_PHY : T_CONS))
      ) u_output (
          .clk_i       (clk_i),
          .rst_ni      (rst_ni),
          .xbar_valid_i(xbar_valid[q]),
          .xbar_flit_i (xbar_flit[q*64+:64]),
          .taken_i     (taken[q*NUM_VCS+:NUM_VCS]),
          .credit_i    (out_credit_i[q*32+:32]),
          .credit_ok_o (credit_ok[q*NUM_VCS+:NUM_VCS]),
          .vc_free_o   (vc_free[q*NUM_VCS+:NUM_VCS]),
          .out_valid_o (out_valid_o[q]),
          .out_flit_o  (out_flit_o[q*64+:64]),
          .error_o     (out_error[q])
      );
    end
  endgenerate

  // A header this router cannot route is an error once its route is used.
  reg route_error_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) route_error_q <= 1'b0;
    else if (|(routed & route_error)) begin
      route_error_q <= 1'b1;
`ifndef SYNTHESIS
      $display("%m: header this router cannot route (input VCs %b)", routed & route_error);
`endif
    end
  end
  assign error_o = route_error_q || ocrq_error || token_error || |in_error || |out_error;
endmodule
