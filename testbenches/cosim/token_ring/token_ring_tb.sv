// Test top: an ATBM token ring of STOPS switches' token stops (rtl/wc_token_stop.sv), each stop's
// token_o wired to the next stop's token_i as the switches of one group would be; stop 0 is the one
// the token leaves at reset; grants_o and wait_o sum the stops' statistics counters. Driven by
// testbenches/cosim/token_ring/test_token_ring.cpp.
module token_ring_tb #(
    parameter integer STOPS         = 3,
    parameter integer NUM_REQ       = 2,  // input VCs per stop
    parameter integer PASS          = 1,
    parameter integer RELEASE_FLITS = 0
) (
    input  wire                       clk_i,
    input  wire                       rst_ni,
    input  wire [STOPS*NUM_REQ-1:0]   tree_i,
    input  wire [STOPS*NUM_REQ-1:0]   real_i,
    input  wire [STOPS*NUM_REQ-1:0]   tail_i,
    output wire [STOPS*NUM_REQ-1:0]   grant_o,
    output wire [STOPS-1:0]           token_o,  // the token arriving at each stop's next one
    output reg  [63:0]                grants_o, // tokens taken, all stops
    output reg  [63:0]                wait_o,   // cycles from request to grant, all stops
    output wire                       error_o
);
  wire [STOPS-1:0] error;
  wire [STOPS*64-1:0] grants, waits;
  genvar s;
  generate
    for (s = 0; s < STOPS; s = s + 1) begin : g_stop
      wc_token_stop #(
          .NUM_REQ      (NUM_REQ),
          .PASS         (PASS),
          .CNT_W        (8)
      ) u_stop (
          .clk_i    (clk_i),
          .rst_ni   (rst_ni),
          .first_i  (s == 0),
          .release_i(8'(RELEASE_FLITS)),
          .token_i(token_o[(s + STOPS - 1) % STOPS]),
          .token_o(token_o[s]),
          .tree_i (tree_i[s*NUM_REQ+:NUM_REQ]),
          .grant_o(grant_o[s*NUM_REQ+:NUM_REQ]),
          .real_i (real_i[s*NUM_REQ+:NUM_REQ]),
          .tail_i (tail_i[s*NUM_REQ+:NUM_REQ]),
          .grants_o(grants[s*64+:64]),
          .wait_o (waits[s*64+:64]),
          .error_o(error[s])
      );
    end
  endgenerate
  integer k;
  always @(*) begin
    grants_o = '0;
    wait_o = '0;
    for (k = 0; k < STOPS; k = k + 1) begin
      grants_o = grants_o + grants[k*64+:64];
      wait_o = wait_o + waits[k*64+:64];
    end
  end
  assign error_o = |error;
endmodule
