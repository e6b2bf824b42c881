// Crossbar (systemc/Crossbar): connects the input chosen by the switch allocator to each output
// for one cycle. One input per output by construction (the allocator's output arbiters).
module wc_crossbar #(
    parameter integer NUM_IN  = 5,
    parameter integer NUM_OUT = 5,
    // Derived (do not override).
    parameter integer IN_W    = (NUM_IN > 1) ? $clog2(NUM_IN) : 1
) (
    input  wire [NUM_IN*64-1:0]   in_flit_i,    // flit each input sends (if granted)
    input  wire [NUM_OUT-1:0]     sel_valid_i,  // output q is connected this cycle
    input  wire [NUM_OUT*IN_W-1:0] sel_i,       // to this input
    output wire [NUM_OUT-1:0]     out_valid_o,
    output wire [NUM_OUT*64-1:0]  out_flit_o
);
  genvar q;
  generate
    for (q = 0; q < NUM_OUT; q = q + 1) begin : g_out
      assign out_valid_o[q] = sel_valid_i[q];
      assign out_flit_o[q*64+:64] = in_flit_i[32'(sel_i[q*IN_W+:IN_W])*64+:64];
    end
  endgenerate
endmodule
