// Output unit of a router port (systemc/OutputUnit): a credit counter and a free/owned flag per
// downstream VC, and the t_sw + link pipeline: a flit that crosses the crossbar in cycle g is on
// the link register in cycle g + DELAY - 1 and seen downstream in cycle g + DELAY. With
// VAR_DELAY = 1 the delay is a strap instead, delay_i (1..DELAY, DELAY the pipeline built).
module wc_output_unit #(
    parameter integer NUM_VCS   = 1,  // virtual channels of the downstream input
    parameter integer DEPTH     = 4,  // downstream buffer depth per VC: initial credits
    parameter integer DELAY     = 2,  // t_sw + link latency, cycles (>= 1); VAR_DELAY: at most
    parameter integer VAR_DELAY = 0,  // 1: the delay is delay_i
    parameter integer PFLIT_W   = 64  // packed flit bits: data, then 32 bits of message, VC, kind
) (
    input  wire               clk_i,
    input  wire               rst_ni,
    /* verilator lint_off UNUSEDSIGNAL */  // with VAR_DELAY = 0
    input  wire [7:0]         delay_i,       // strap (VAR_DELAY = 1): t_sw + link latency
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire               xbar_valid_i,  // a flit crosses the crossbar to this output
    input  wire [PFLIT_W-1:0] xbar_flit_i,   // tagged with its output VC
    input  wire [NUM_VCS-1:0] taken_i,       // output VCs taken by a worm this cycle
    input  wire [31:0]        credit_i,      // bit v: downstream freed a slot of VC v
    output wire [NUM_VCS-1:0] credit_ok_o,   // VC has a credit this cycle (returns included)
    output wire [NUM_VCS-1:0] vc_free_o,     // VC owned by no worm
    output wire               out_valid_o,
    output wire [PFLIT_W-1:0] out_flit_o,
    output wire               error_o        // sticky: credit overflow/underflow or VC misuse
);
  localparam [2:0] KIND_TAIL = 3'd3, KIND_HEAD_TAIL = 3'd4;
  localparam integer CNT_W = $clog2(DEPTH + 1);
  localparam [CNT_W-1:0] FULL = CNT_W'(DEPTH);
  localparam integer DATA_W = PFLIT_W - 32;  // the packed data field

  wire [2:0] xbar_kind = xbar_flit_i[DATA_W+28+:3];
  wire [3:0] xbar_vc = xbar_flit_i[DATA_W+24+:4];
  wire xbar_tail = (xbar_kind == KIND_TAIL) || (xbar_kind == KIND_HEAD_TAIL);

  reg [NUM_VCS-1:0] free_q;
  wire [NUM_VCS-1:0] consume, release_vc, vc_error;

  genvar v;
  generate
    for (v = 0; v < NUM_VCS; v = v + 1) begin : g_vc
      reg [CNT_W-1:0] credits_q;  // free slots downstream
      wire returned = credit_i[v];
      assign consume[v] = xbar_valid_i && (32'(xbar_vc) == v);
      assign release_vc[v] = consume[v] && xbar_tail;
      assign credit_ok_o[v] = (credits_q != '0) || returned;
      assign vc_error[v] = (returned && credits_q == FULL) || (consume[v] && !credit_ok_o[v]) ||
                           (taken_i[v] && !free_q[v]);
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) credits_q <= FULL;
        else if (returned && !consume[v]) credits_q <= credits_q + 1'b1;
        else if (consume[v] && !returned) credits_q <= credits_q - 1'b1;
      end
    end
  endgenerate
  assign vc_free_o = free_q;

  // A VC freed by a tail this cycle can be taken from the next cycle on.
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) free_q <= '1;
    else free_q <= (free_q & ~taken_i) | release_vc;
  end

  // Link pipeline; the last stage drives the link and keeps its flit while idle, like the wire
  // of the SystemC model, which is rewritten only when a flit is sent.
  reg valid_q[0:DELAY-1];
  reg [PFLIT_W-1:0] flit_q[0:DELAY-1];
  integer stage;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (stage = 0; stage < DELAY; stage = stage + 1) begin
        valid_q[stage] <= 1'b0;
        flit_q[stage]  <= '0;
      end
    end else begin
      valid_q[0] <= xbar_valid_i;
      if (xbar_valid_i) flit_q[0] <= xbar_flit_i;
      for (stage = 1; stage < DELAY; stage = stage + 1) begin
        valid_q[stage] <= valid_q[stage-1];
        if (valid_q[stage-1]) flit_q[stage] <= flit_q[stage-1];
      end
    end
  end
  // A stage keeps the last flit that passed it, so tapping stage d - 1 of a longer pipeline is
  // the pipeline of d stages.
  wire bad_delay = (VAR_DELAY != 0) && (delay_i == 8'd0 || 32'(delay_i) > DELAY);
  /* verilator lint_off UNUSEDSIGNAL */  // an index: its high bits are zero
  wire [31:0] tap = (VAR_DELAY != 0 && !bad_delay) ? 32'(delay_i) - 1 : DELAY - 1;
  /* verilator lint_on UNUSEDSIGNAL */
  assign out_valid_o = valid_q[tap];
  assign out_flit_o  = flit_q[tap];

  wire bad_credit = (NUM_VCS < 32) ? |(credit_i >> NUM_VCS) : 1'b0;
  wire bad_vc = xbar_valid_i && (32'(xbar_vc) >= NUM_VCS);
  reg error_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) error_q <= 1'b0;
    else if (bad_credit || bad_vc || bad_delay || |vc_error) begin
      error_q <= 1'b1;
`ifndef SYNTHESIS
      $display("%m: protocol error (credit for a missing VC %0d, flit on a missing VC %0d, delay strap %0d out of 1..%0d, VC errors %b)",
               bad_credit, bad_vc, delay_i, DELAY, vc_error);
`endif
    end
  end
  assign error_o = error_q;
endmodule
