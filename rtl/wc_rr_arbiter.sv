// Round-robin arbiter (systemc/pure/RoundRobinArbiter.hpp): picks the first requester at or after
// the priority pointer; when the pick is granted, the requester after it gets top priority.
module wc_rr_arbiter #(
    parameter integer N = 4  // requesters (>= 1)
) (
    input  wire             clk_i,
    input  wire             rst_ni,
    input  wire [N-1:0]     req_i,
    input  wire             grant_i,  // the pick was used: move the pointer past it
    output reg              valid_o,  // some requester is picked
    output reg  [IDX_W-1:0] pick_o
);
  // Derived sizes (do not override).
  localparam integer IDX_W = (N > 1) ? $clog2(N) : 1;
  localparam [IDX_W-1:0] LAST = IDX_W'(N - 1);

  reg [IDX_W-1:0] next_q;  // requester with the highest priority

  // Scan from the last candidate back to the pointer so the first requester at or after the
  // pointer is the one left in pick_o.
  integer offset, candidate;
  always @(*) begin
    valid_o = 1'b0;
    pick_o  = '0;
    for (offset = N - 1; offset >= 0; offset = offset - 1) begin
      candidate = 32'(next_q) + offset;
      if (candidate >= N) candidate = candidate - N;
      if (req_i[candidate[IDX_W-1:0]]) begin
        valid_o = 1'b1;
        pick_o  = candidate[IDX_W-1:0];
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) next_q <= '0;
    else if (grant_i && valid_o) next_q <= (pick_o == LAST) ? '0 : pick_o + 1'b1;
  end
endmodule
