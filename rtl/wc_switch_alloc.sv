// Separable input-first switch allocator (systemc/SwitchAllocator): per input port a round-robin
// arbiter picks one VC that asks for outputs; per output port a round-robin arbiter picks one of
// the inputs whose pick asks for it. An input wins when every output it asks for picked it (a
// replicating worm needs all its branches at once). An input's arbiter moves when it won, an
// output's when the input it picked won. Against the livelock of two several-output requests that
// each hold one output's pick, a round-robin arbiter over the inputs names a priority one among
// the inputs whose pick asks for several outputs; the outputs it asks for do not see the other
// several-output requests, and it moves past the priority input when that input wins.
module wc_switch_alloc #(
    parameter integer NUM_IN  = 5,
    parameter integer NUM_OUT = 5,
    parameter integer NUM_VCS = 1,
    // Derived (do not override).
    parameter integer IN_W    = (NUM_IN > 1) ? $clog2(NUM_IN) : 1,
    parameter integer VC_W    = (NUM_VCS > 1) ? $clog2(NUM_VCS) : 1
) (
    input  wire                              clk_i,
    input  wire                              rst_ni,
    input  wire [NUM_IN*NUM_VCS*NUM_OUT-1:0] want_i,       // outputs each VC asks for (none: idle)
    output wire [NUM_IN-1:0]                 in_grant_o,   // input p sends a flit this cycle
    output wire [NUM_IN*VC_W-1:0]            in_grant_vc_o,
    output wire [NUM_OUT-1:0]                out_grant_o,  // output q receives a flit this cycle
    output wire [NUM_OUT*IN_W-1:0]           out_sel_o     // from this input
);
  wire [NUM_IN-1:0] in_valid;
  wire [NUM_IN*NUM_OUT-1:0] in_want;  // outputs asked for by each input's pick
  wire [NUM_OUT-1:0] out_valid;
  wire [NUM_IN-1:0] in_multi;  // the input's pick asks for several outputs
  wire prio_valid;
  wire [IN_W-1:0] prio;  // the priority one among them
  wire [NUM_OUT-1:0] prio_want = prio_valid ? in_want[32'(prio)*NUM_OUT+:NUM_OUT] : '0;

  genvar p, q, v;
  generate
    for (p = 0; p < NUM_IN; p = p + 1) begin : g_in
      wire [NUM_VCS-1:0] ready;
      wire [VC_W-1:0] pick;
      wire [NUM_OUT-1:0] picked_by;  // outputs whose arbiter picked this input
      for (v = 0; v < NUM_VCS; v = v + 1) begin : g_vc
        assign ready[v] = |want_i[(p*NUM_VCS+v)*NUM_OUT+:NUM_OUT];
      end
      wc_rr_arbiter #(
          .N(NUM_VCS)
      ) u_arb (
          .clk_i  (clk_i),
          .rst_ni (rst_ni),
          .req_i  (ready),
          .grant_i(in_grant_o[p]),
          .valid_o(in_valid[p]),
          .pick_o (pick)
      );
      assign in_want[p*NUM_OUT+:NUM_OUT] =
          in_valid[p] ? want_i[(p*NUM_VCS+32'(pick))*NUM_OUT+:NUM_OUT] : '0;
      for (q = 0; q < NUM_OUT; q = q + 1) begin : g_picked
        assign picked_by[q] = out_valid[q] && (out_sel_o[q*IN_W+:IN_W] == IN_W'(p));
      end
      wire [NUM_OUT-1:0] asked = in_want[p*NUM_OUT+:NUM_OUT];
      assign in_multi[p] = |(asked & (asked - 1'b1));
      assign in_grant_o[p] = in_valid[p] && ((asked & picked_by) == asked);
      assign in_grant_vc_o[p*VC_W+:VC_W] = pick;
    end
    wc_rr_arbiter #(
        .N(NUM_IN)
    ) u_prio_arb (
        .clk_i  (clk_i),
        .rst_ni (rst_ni),
        .req_i  (in_multi),
        .grant_i(in_grant_o[prio]),
        .valid_o(prio_valid),
        .pick_o (prio)
    );
    for (q = 0; q < NUM_OUT; q = q + 1) begin : g_out
      wire [NUM_IN-1:0] requests;
      wire [IN_W-1:0] pick;
      for (p = 0; p < NUM_IN; p = p + 1) begin : g_req
        // The priority input's outputs ignore the other several-output requests.
        assign requests[p] = in_want[p*NUM_OUT+q] &&
            !(prio_want[q] && in_multi[p] && (prio != IN_W'(p)));
      end
      wc_rr_arbiter #(
          .N(NUM_IN)
      ) u_arb (
          .clk_i  (clk_i),
          .rst_ni (rst_ni),
          .req_i  (requests),
          .grant_i(out_grant_o[q]),
          .valid_o(out_valid[q]),
          .pick_o (pick)
      );
      assign out_sel_o[q*IN_W+:IN_W] = pick;
      assign out_grant_o[q] = out_valid[q] && in_grant_o[pick];
    end
  endgenerate
endmodule
