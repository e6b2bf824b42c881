// The switch core that wc_router (meshes, tori, route tables) and wc_min_switch (MIN switches)
// share: input units -> [route units, outside: the part that varies] -> OCRQs with output-VC
// allocation (after the ATBM token stop for tree operations, TOKEN_RING) -> separable switch
// allocator -> replicating crossbar -> output units. Each input VC's latched header leaves on
// header_o and its route comes back on the route_* inputs in the same cycle, as wc_route_ecube,
// wc_route_table and wc_route_dtag compute them. Timing as docs/pipeline.md: every output is a
// register, a flit granted in cycle g is seen downstream in g + T_SW + link latency, a credit for
// a flit that left a FIFO in cycle g is seen upstream in g + link latency. Per-port latencies:
// inputs with their bit of FROM_NODE set are injection channels (credits back after T_INJ, else
// T_PHY), outputs with their bit of TO_NODE set are consumption channels (T_CONS, else T_PHY).
// LATENCY_STRAPS = 1: the latencies are straps instead, per input port (in_latency_i, credits
// back) and per output port (out_latency_i, flits out), each 1..MAX_LATENCY cycles.
// Adaptive routing (ALTS > 0): a worm whose branch 0 comes with alternatives (alt_i, from
// wc_route_table) takes the output wc_ocrq chooses for it; the core keeps that choice for the
// rest of the worm in place of the route unit's port.
module wc_switch_core #(
    parameter integer NUM_IN           = 5,   // input ports
    parameter integer NUM_OUT          = 5,   // output ports
    parameter integer NUM_VCS          = 1,   // virtual channels per port (1..16)
    parameter integer BUF_DEPTH        = 4,   // flits per input VC FIFO (>= 1)
    parameter integer FLIT_WIDTH       = 32,  // data bits per flit
    parameter integer NODES            = 16,  // addressable nodes (bit-string width)
    parameter integer HDR_FLITS        = 1,   // header flits an input VC latches
    parameter integer NUM_BR           = 1,   // branches of a worm
    parameter integer T_NODE           = 1,   // routing delay of a unicast header, cycles (>= 1)
    parameter integer T_NODE_MULTIDEST = 1,   // of a list or bit-string header, cycles (>= 1)
    parameter integer T_SW             = 1,   // crossbar traversal, cycles (>= 1)
    parameter integer T_PHY            = 1,   // switch-to-switch link latency, cycles (>= 1)
    parameter integer T_INJ            = 1,   // injection channel latency (credits back)
    parameter integer T_CONS           = 1,   // consumption channel latency (flits out)
    parameter [NUM_IN-1:0]  FROM_NODE  = '0,  // bit p: input p is an injection channel
    parameter [NUM_OUT-1:0] TO_NODE    = '0,  // bit q: output q is a consumption channel
    // ATBM token ring (wc_token_stop): 1: a worm with several branches waits for the token of the
    // ring token_i/token_o belong to before it enters the OCRQs; TOKEN_PASS cycles per stop.
    parameter integer TOKEN_RING       = 0,
    parameter integer TOKEN_PASS       = 1,
    parameter integer TOKEN_CNT_W      = 8,
    parameter integer ALTS             = 0,   // adaptive alternatives of branch 0 (alt_i)
    parameter integer LATENCY_STRAPS   = 0,   // 1: link latencies from in/out_latency_i
    parameter integer MAX_LATENCY      = 1,   // their largest value (pipelines built)
    // Derived (do not override).
    parameter integer NUM_REQ          = NUM_IN * NUM_VCS,  // input VCs
    parameter integer OUT_W            = (NUM_OUT > 1) ? $clog2(NUM_OUT) : 1,
    parameter integer ALT_W            = (ALTS > 0) ? ALTS * (1 + OUT_W) : 1,
    parameter integer HDR_W            = HDR_FLITS * FLIT_WIDTH,
    parameter integer HF_W             = $clog2(HDR_FLITS + 1),
    // Packed flit bits (docs/flit-format.md): max(32, FLIT_WIDTH) data bits, then 32 of message,
    // VC, kind and a spare bit; 64 up to 32-bit flits.
    parameter integer PFLIT_W          = ((FLIT_WIDTH > 32) ? FLIT_WIDTH : 32) + 32
) (
    input  wire                           clk_i,
    input  wire                           rst_ni,
    // Straps (LATENCY_STRAPS = 1): per port p, bits p*8 +: 8, its link latency in cycles.
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [NUM_IN*8-1:0]            in_latency_i,
    input  wire [NUM_OUT*8-1:0]           out_latency_i,
    /* verilator lint_on UNUSEDSIGNAL */
    // To and from the route units, per input VC r = p * NUM_VCS + v and branch slot r * NUM_BR + b.
    output wire [NUM_REQ*HDR_W-1:0]       header_o,        // the header the VC latched
    input  wire [NUM_REQ*NUM_BR-1:0]      branch_i,        // branches the worm takes
    input  wire [NUM_REQ*NUM_BR*OUT_W-1:0] port_i,         // each branch's output
    input  wire [NUM_REQ*NUM_BR*NUM_VCS-1:0] vc_mask_i,    // its allowed output VCs
    input  wire [NUM_REQ*NUM_BR*HDR_W-1:0] out_header_i,   // the header each branch carries
    input  wire [NUM_REQ*HF_W-1:0]        out_flits_i,     // flits of those headers
    input  wire [NUM_REQ-1:0]             route_error_i,   // the header cannot be routed here
    input  wire [NUM_REQ*ALT_W-1:0]       alt_i,           // branch 0's adaptive alternatives
    // The ATBM token ring (TOKEN_RING = 1; unused otherwise).
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire                           token_first_i,   // strap: the token starts here
    input  wire [TOKEN_CNT_W-1:0]         token_release_i, // strap: real flits before release
    input  wire                           token_i,         // from the previous stop
    /* verilator lint_on UNUSEDSIGNAL */
    output wire                           token_o,         // to the next stop
    output wire [63:0]                    token_grants_o,  // tokens taken (wc_token_stop)
    output wire [63:0]                    token_wait_o,    // cycles its requests were pending
    // Per input port p: link from upstream (bits p*PFLIT_W +: PFLIT_W), credits back (p*32 +: 32).
    input  wire [NUM_IN-1:0]              in_valid_i,
    input  wire [NUM_IN*PFLIT_W-1:0]      in_flit_i,
    output wire [NUM_IN*32-1:0]           in_credit_o,
    // Per output port q: link to downstream and the credits it returns.
    output wire [NUM_OUT-1:0]             out_valid_o,
    output wire [NUM_OUT*PFLIT_W-1:0]     out_flit_o,
    input  wire [NUM_OUT*32-1:0]          out_credit_i,
    output wire                           error_o          // sticky: a protocol invariant broke
);
  localparam integer IN_W = (NUM_IN > 1) ? $clog2(NUM_IN) : 1;
  localparam integer VC_W = (NUM_VCS > 1) ? $clog2(NUM_VCS) : 1;
  localparam integer NUM_BRANCH = NUM_REQ * NUM_BR;  // branch slots of all input VCs

  // Per input VC and per branch slot.
  wire [NUM_REQ-1:0] routed, grant, enq, late;
  wire [NUM_BRANCH-1:0] credited, request;
  wire [NUM_BRANCH*VC_W-1:0] grant_vc, out_vc;
  reg [NUM_REQ*NUM_OUT-1:0] want;
  // Per input port.
  wire [NUM_IN*NUM_BR*PFLIT_W-1:0] send_flit;
  reg [NUM_IN*NUM_BR*OUT_W-1:0] send_port;
  reg [NUM_IN*NUM_BR-1:0] send_branch;
  wire [NUM_IN-1:0] in_grant, in_error;
  wire [NUM_IN*VC_W-1:0] in_grant_vc;
  // Per output port (VC index q * NUM_VCS + v).
  wire [NUM_OUT*NUM_VCS-1:0] vc_free, credit_ok, taken;
  wire [NUM_OUT-1:0] out_grant, xbar_valid, out_error;
  wire [NUM_OUT*IN_W-1:0] out_sel;
  wire [NUM_OUT*PFLIT_W-1:0] xbar_flit;
  wire ocrq_error;

  // The output of every branch: the route unit's port, except for a worm that chose among
  // alternatives (from its grant on, until its VC routes the next worm: from that cycle on the
  // route unit's port is the new worm's).
  /* verilator lint_off UNUSEDSIGNAL */  // with ALTS = 0
  wire [NUM_REQ*OUT_W-1:0] grant_port;
  wire [NUM_REQ-1:0] adaptive;  // the OCRQ's: the requester's branch 0 has alternatives
  /* verilator lint_on UNUSEDSIGNAL */
  wire [NUM_BRANCH*OUT_W-1:0] port;
  genvar s;
  generate
    if (ALTS > 0) begin : g_adaptive
      reg [NUM_REQ-1:0] chose_q;
      reg [NUM_REQ*OUT_W-1:0] chosen_q;
      integer a;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          chose_q  <= '0;
          chosen_q <= '0;
        end else
          for (a = 0; a < NUM_REQ; a = a + 1)
            if (grant[a] && adaptive[a]) begin
              chose_q[a] <= 1'b1;
              chosen_q[a*OUT_W+:OUT_W] <= grant_port[a*OUT_W+:OUT_W];
            end else if (routed[a]) chose_q[a] <= 1'b0;
      end
      for (s = 0; s < NUM_BRANCH; s = s + 1) begin : g_port
        localparam integer R = s / NUM_BR;
        if (s % NUM_BR == 0) begin : g_first
          wire now = grant[R] && adaptive[R];
          assign port[s*OUT_W+:OUT_W] = now ? grant_port[R*OUT_W+:OUT_W]
                                      : (chose_q[R] && !routed[R]) ? chosen_q[R*OUT_W+:OUT_W]
                                      : port_i[s*OUT_W+:OUT_W];
        end else begin : g_other
          assign port[s*OUT_W+:OUT_W] = port_i[s*OUT_W+:OUT_W];
        end
      end
    end else begin : g_static
      assign port = port_i;
    end
  endgenerate

  genvar p, q;
  generate
    for (p = 0; p < NUM_IN; p = p + 1) begin : g_in
      localparam integer VCS_BR = NUM_VCS * NUM_BR;
      wc_input_unit #(
          .NUM_VCS         (NUM_VCS),
          .DEPTH           (BUF_DEPTH),
          .FLIT_WIDTH      (FLIT_WIDTH),
          .NODES           (NODES),
          .HDR_FLITS       (HDR_FLITS),
          .NUM_BR          (NUM_BR),
          .T_NODE          (T_NODE),
          .T_NODE_MULTIDEST(T_NODE_MULTIDEST),
          .PFLIT_W         (PFLIT_W),
          .CREDIT_LATENCY  ((LATENCY_STRAPS != 0) ? MAX_LATENCY : FROM_NODE[p] ? T_INJ : T_PHY),
          .VAR_LATENCY     (LATENCY_STRAPS)
      ) u_input (
          .clk_i       (clk_i),
          .rst_ni      (rst_ni),
          .latency_i   (in_latency_i[p*8+:8]),
          .in_valid_i  (in_valid_i[p]),
          .in_flit_i   (in_flit_i[p*PFLIT_W+:PFLIT_W]),
          .in_credit_o (in_credit_o[p*32+:32]),
          .header_o    (header_o[p*NUM_VCS*HDR_W+:NUM_VCS*HDR_W]),
          .branch_i    (branch_i[p*VCS_BR+:VCS_BR]),
          .out_header_i(out_header_i[p*VCS_BR*HDR_W+:VCS_BR*HDR_W]),
          .out_flits_i (out_flits_i[p*NUM_VCS*HF_W+:NUM_VCS*HF_W]),
          .routed_o    (routed[p*NUM_VCS+:NUM_VCS]),
          .alloc_i     (grant[p*NUM_VCS+:NUM_VCS]),
          .alloc_vc_i  (grant_vc[p*VCS_BR*VC_W+:VCS_BR*VC_W]),
          .out_vc_o    (out_vc[p*VCS_BR*VC_W+:VCS_BR*VC_W]),
          .credited_i  (credited[p*VCS_BR+:VCS_BR]),
          .request_o   (request[p*VCS_BR+:VCS_BR]),
          .grant_i     (in_grant[p]),
          .grant_vc_i  (in_grant_vc[p*VC_W+:VC_W]),
          .send_flit_o (send_flit[p*NUM_BR*PFLIT_W+:NUM_BR*PFLIT_W]),
          .error_o     (in_error[p])
      );
    end
  endgenerate

  wc_ocrq #(
      .NUM_REQ(NUM_REQ),
      .NUM_OUT(NUM_OUT),
      .NUM_VCS(NUM_VCS),
      .NUM_BR (NUM_BR),
      .ALTS   (ALTS)
  ) u_ocrq (
      .clk_i     (clk_i),
      .rst_ni    (rst_ni),
      .enq_i     (enq),
      .late_i    (late),
      .branch_i  (branch_i),
      .port_i    (port_i),
      .mask_i    (vc_mask_i),
      .alt_i     (alt_i),
      .vc_free_i (vc_free),
      .grant_o   (grant),
      .grant_vc_o(grant_vc),
      .grant_port_o(grant_port),
      .adaptive_o(adaptive),
      .taken_o   (taken),
      .error_o   (ocrq_error)
  );

  // Tree operations and the ATBM token: a worm with several branches waits for the token before
  // it enters the OCRQs, and then enters them after the worms routed in the same cycle.
  wire token_error;
  generate
    if (TOKEN_RING != 0) begin : g_token
      wire [NUM_REQ-1:0] tree, token_grant, sent_real, sent_tail;
      genvar t, u;
      for (t = 0; t < NUM_REQ; t = t + 1) begin : g_tree
        wire [NUM_BR-1:0] br = branch_i[t*NUM_BR+:NUM_BR];
        assign tree[t] = routed[t] && |(br & (br - 1'b1));
      end
      // A real flit (all its branches' copies alike; a bubble is never the holder's progress).
      for (u = 0; u < NUM_IN; u = u + 1) begin : g_sent
        wire [2:0] kind = send_flit[u*NUM_BR*PFLIT_W+PFLIT_W-4+:3];
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
          .grants_o (token_grants_o),
          .wait_o   (token_wait_o),
          .error_o  (token_error)
      );
      assign enq = (routed & ~tree) | token_grant;
      assign late = token_grant;
    end else begin : g_no_token
      assign enq = routed;
      assign late = '0;
      assign token_o = 1'b0;
      assign token_grants_o = '0;
      assign token_wait_o = '0;
      assign token_error = 1'b0;
    end
  endgenerate

  // Per branch: does its output VC have a credit (returns of this cycle included)? The outputs
  // each VC asks the switch allocator for, from the branches its input unit requests.
  generate
    for (s = 0; s < NUM_BRANCH; s = s + 1) begin : g_branch
      assign credited[s] = credit_ok[32'(port[s*OUT_W+:OUT_W])*NUM_VCS+32'(out_vc[s*VC_W+:VC_W])];
    end
  endgenerate
  integer r, b, gp;
  always @(*) begin
    want = '0;
    for (r = 0; r < NUM_REQ; r = r + 1)
      for (b = 0; b < NUM_BR; b = b + 1)
        if (request[r*NUM_BR+b]) want[r*NUM_OUT+32'(port[(r*NUM_BR+b)*OUT_W+:OUT_W])] = 1'b1;
    // The branch ports of the VC each input sends from, and the branches it asked for.
    for (gp = 0; gp < NUM_IN; gp = gp + 1) begin
      send_port[gp*NUM_BR*OUT_W+:NUM_BR*OUT_W] =
          port[(gp*NUM_VCS+32'(in_grant_vc[gp*VC_W+:VC_W]))*NUM_BR*OUT_W+:NUM_BR*OUT_W];
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
      .NUM_BR (NUM_BR),
      .PFLIT_W(PFLIT_W)
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
          .DELAY  (T_SW + ((LATENCY_STRAPS != 0) ? MAX_LATENCY : TO_NODE[q] ? T_CONS : T_PHY)),
          .VAR_DELAY(LATENCY_STRAPS),
          .PFLIT_W  (PFLIT_W)
      ) u_output (
          .clk_i       (clk_i),
          .rst_ni      (rst_ni),
          .delay_i     (8'(T_SW) + out_latency_i[q*8+:8]),
          .xbar_valid_i(xbar_valid[q]),
          .xbar_flit_i (xbar_flit[q*PFLIT_W+:PFLIT_W]),
          .taken_i     (taken[q*NUM_VCS+:NUM_VCS]),
          .credit_i    (out_credit_i[q*32+:32]),
          .credit_ok_o (credit_ok[q*NUM_VCS+:NUM_VCS]),
          .vc_free_o   (vc_free[q*NUM_VCS+:NUM_VCS]),
          .out_valid_o (out_valid_o[q]),
          .out_flit_o  (out_flit_o[q*PFLIT_W+:PFLIT_W]),
          .error_o     (out_error[q])
      );
    end
  endgenerate

  // A header this switch cannot route is an error once its route is used.
  reg route_error_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) route_error_q <= 1'b0;
    else if (|(routed & route_error_i)) begin
      route_error_q <= 1'b1;
`ifndef SYNTHESIS
      $display("%m: header this switch cannot route (input VCs %b)", routed & route_error_i);
`endif
    end
  end
  assign error_o = route_error_q || ocrq_error || token_error || |in_error || |out_error;
endmodule
