// Separable input-first switch allocator (systemc/SwitchAllocator): per input port a round-robin
// arbiter picks one ready VC; per output port a round-robin arbiter picks one of the inputs whose
// pick wants it. An input's arbiter moves only when its pick won; an output's when it picked.
module wc_switch_alloc #(
    parameter integer NUM_IN  = 5,
    parameter integer NUM_OUT = 5,
    parameter integer NUM_VCS = 1,
    // Derived (do not override).
    parameter integer IN_W    = (NUM_IN > 1) ? $clog2(NUM_IN) : 1,
    parameter integer OUT_W   = (NUM_OUT > 1) ? $clog2(NUM_OUT) : 1,
    parameter integer VC_W    = (NUM_VCS > 1) ? $clog2(NUM_VCS) : 1
) (
    input  wire                              clk_i,
    input  wire                              rst_ni,
    input  wire [NUM_IN*NUM_VCS-1:0]         ready_i,      // VC has a flit and a credit for it
    input  wire [NUM_IN*NUM_VCS*OUT_W-1:0]   want_port_i,  // output each VC's worm holds
    output wire [NUM_IN-1:0]                 in_grant_o,   // input p sends a flit this cycle
    output wire [NUM_IN*VC_W-1:0]            in_grant_vc_o,
    output wire [NUM_OUT-1:0]                out_grant_o,  // output q receives a flit this cycle
    output wire [NUM_OUT*IN_W-1:0]           out_sel_o     // from this input
);
  wire [NUM_IN-1:0] in_valid;
  wire [NUM_IN*OUT_W-1:0] in_want;  // output wanted by each input's pick

  genvar p, q;
  generate
    for (p = 0; p < NUM_IN; p = p + 1) begin : g_in
      wire [VC_W-1:0] pick;
      wc_rr_arbiter #(
          .N(NUM_VCS)
      ) u_arb (
          .clk_i  (clk_i),
          .rst_ni (rst_ni),
          .req_i  (ready_i[p*NUM_VCS+:NUM_VCS]),
          .grant_i(in_grant_o[p]),
          .valid_o(in_valid[p]),
          .pick_o (pick)
      );
      assign in_want[p*OUT_W+:OUT_W] = want_port_i[(p*NUM_VCS+32'(pick))*OUT_W+:OUT_W];
      // A unicast request names one output: it wins when that output picked it.
      assign in_grant_o[p] = in_valid[p] && out_grant_o[in_want[p*OUT_W+:OUT_W]] &&
                             (out_sel_o[32'(in_want[p*OUT_W+:OUT_W])*IN_W+:IN_W] == IN_W'(p));
      assign in_grant_vc_o[p*VC_W+:VC_W] = pick;
    end
    for (q = 0; q < NUM_OUT; q = q + 1) begin : g_out
      wire [NUM_IN-1:0] requests;
      wire [IN_W-1:0] pick;
      for (p = 0; p < NUM_IN; p = p + 1) begin : g_req
        assign requests[p] = in_valid[p] && (in_want[p*OUT_W+:OUT_W] == OUT_W'(q));
      end
      wc_rr_arbiter #(
          .N(NUM_IN)
      ) u_arb (
          .clk_i  (clk_i),
          .rst_ni (rst_ni),
          .req_i  (requests),
          .grant_i(out_grant_o[q]),
          .valid_o(out_grant_o[q]),
          .pick_o (pick)
      );
      assign out_sel_o[q*IN_W+:IN_W] = pick;
    end
  endgenerate
endmodule
