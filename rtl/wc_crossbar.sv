// Crossbar with replication (systemc/Crossbar): connects the input chosen by the switch allocator
// to each output for one cycle. An input offers one flit per branch of the worm it sends (each
// tagged with that branch's output VC), the branch's output port and whether the branch goes this
// cycle; an output takes the flit of the going branch that names it, so one input can drive
// several outputs in a cycle. One input per output by construction (the allocator's output
// arbiters).
module wc_crossbar #(
    parameter integer NUM_IN  = 5,
    parameter integer NUM_OUT = 5,
    parameter integer NUM_BR  = 1,  // branches per input
    parameter integer PFLIT_W = 64, // packed flit bits (docs/flit-format.md)
    // Derived (do not override).
    parameter integer IN_W    = (NUM_IN > 1) ? $clog2(NUM_IN) : 1,
    parameter integer OUT_W   = (NUM_OUT > 1) ? $clog2(NUM_OUT) : 1
) (
    input  wire [NUM_IN*NUM_BR*PFLIT_W-1:0] in_flit_i,    // flit per branch each input sends
    input  wire [NUM_IN*NUM_BR*OUT_W-1:0] in_port_i,    // output port of each of those branches
    input  wire [NUM_IN*NUM_BR-1:0]       in_branch_i,  // the branch goes this cycle
    input  wire [NUM_OUT-1:0]             sel_valid_i,  // output q is connected this cycle
    input  wire [NUM_OUT*IN_W-1:0]        sel_i,        // to this input
    output wire [NUM_OUT-1:0]             out_valid_o,
    output reg  [NUM_OUT*PFLIT_W-1:0]     out_flit_o
);
  assign out_valid_o = sel_valid_i;

  integer q, b, p;
  always @(*) begin
    out_flit_o = '0;
    for (q = 0; q < NUM_OUT; q = q + 1) begin
      p = 32'(sel_i[q*IN_W+:IN_W]);
      for (b = NUM_BR - 1; b >= 0; b = b - 1)
        if (in_branch_i[p*NUM_BR+b] && 32'(in_port_i[(p*NUM_BR+b)*OUT_W+:OUT_W]) == q)
          out_flit_o[q*PFLIT_W+:PFLIT_W] = in_flit_i[(p*NUM_BR+b)*PFLIT_W+:PFLIT_W];
    end
  end
endmodule
