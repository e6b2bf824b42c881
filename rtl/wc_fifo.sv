// Input-VC flit FIFO (systemc/pure/Fifo.hpp as used by systemc/InputUnit): DEPTH entries, 1 works.
// A flit pushed in a cycle is visible at the front (and may be popped) in that same cycle, because
// the SystemC router receives flits before its header-latch and traverse stages.
module wc_fifo #(
    parameter integer DEPTH = 4,  // entries (>= 1)
    parameter integer WIDTH = 8   // bits per entry
) (
    input  wire             clk_i,
    input  wire             rst_ni,
    input  wire             push_i,       // a flit arrives (the credit protocol guarantees room)
    input  wire [WIDTH-1:0] push_data_i,
    input  wire             pop_i,        // only when !empty_o
    output wire [WIDTH-1:0] front_o,      // oldest entry, including this cycle's push
    output wire             empty_o,      // no entry even after this cycle's push
    output wire             overflow_o,   // push into a full FIFO: a flit arrived without a credit
    output wire             underflow_o   // pop from an empty FIFO
);
  // Derived sizes (do not override).
  localparam integer PTR_W = (DEPTH > 1) ? $clog2(DEPTH) : 1;
  localparam integer CNT_W = $clog2(DEPTH + 1);
  localparam [PTR_W-1:0] LAST = PTR_W'(DEPTH - 1);
  localparam [CNT_W-1:0] FULL = CNT_W'(DEPTH);

  reg [WIDTH-1:0] mem_q[0:DEPTH-1];
  reg [PTR_W-1:0] head_q, tail_q;
  reg [CNT_W-1:0] count_q;

  wire stored_empty = (count_q == '0);
  assign front_o     = stored_empty ? push_data_i : mem_q[head_q];
  assign empty_o     = stored_empty && !push_i;
  assign overflow_o  = push_i && (count_q == FULL);
  assign underflow_o = pop_i && empty_o;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      head_q  <= '0;
      tail_q  <= '0;
      count_q <= '0;
    end else begin
      if (push_i) tail_q <= (tail_q == LAST) ? '0 : tail_q + 1'b1;
      if (pop_i) head_q <= (head_q == LAST) ? '0 : head_q + 1'b1;
      if (push_i && !pop_i) count_q <= count_q + 1'b1;
      else if (pop_i && !push_i) count_q <= count_q - 1'b1;
    end
  end

  // Storage needs no reset: an entry is read only after it was written.
  always @(posedge clk_i) begin
    if (push_i) mem_q[tail_q] <= push_data_i;
  end
endmodule
