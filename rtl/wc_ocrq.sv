// Output channel request queues (systemc/Ocrq, Libeskind-Hadas et al. §3.2) and the output-VC
// allocation of Router::allocate_outputs. A routed worm enters the queue of its output; in the
// order of input VCs (port-major), a queued worm takes the lowest free allowed output VC when no
// older request in that queue competes for an overlapping VC set, and then leaves the queue.
// The queues of all outputs share one age matrix: a worm enters all its queues in one step, so
// two worms are in the same order in every queue they share.
module wc_ocrq #(
    parameter integer NUM_REQ = 5,  // requesters: input VCs, index = port * NUM_VCS + vc
    parameter integer NUM_OUT = 5,  // output ports (one queue each)
    parameter integer NUM_VCS = 1,  // virtual channels per output
    // Derived (do not override).
    parameter integer OUT_W   = (NUM_OUT > 1) ? $clog2(NUM_OUT) : 1,
    parameter integer VC_W    = (NUM_VCS > 1) ? $clog2(NUM_VCS) : 1
) (
    input  wire                        clk_i,
    input  wire                        rst_ni,
    input  wire [NUM_REQ-1:0]          enq_i,      // route known this cycle: join the queue
    input  wire [NUM_REQ*OUT_W-1:0]    port_i,     // output each requester needs
    input  wire [NUM_REQ*NUM_VCS-1:0]  mask_i,     // output VCs each requester may take
    input  wire [NUM_OUT*NUM_VCS-1:0]  vc_free_i,  // output VCs owned by no worm
    output reg  [NUM_REQ-1:0]          grant_o,    // took an output VC this cycle
    output reg  [NUM_REQ*VC_W-1:0]     grant_vc_o,
    output reg  [NUM_OUT*NUM_VCS-1:0]  taken_o,    // output VCs taken this cycle
    output wire                        error_o     // sticky: a worm enqueued twice
);
  reg [NUM_REQ-1:0] member_q;                 // queued, waiting for an output VC
  reg [NUM_REQ*NUM_REQ-1:0] older_q;          // bit j*NUM_REQ+i: j joined before i

  // j is ahead of i in the queues after this cycle's arrivals (joined earlier, or in the same
  // cycle from a lower-numbered input VC).
  function automatic ahead(input integer j, input integer i, input [NUM_REQ-1:0] members,
                           input [NUM_REQ-1:0] arriving, input [NUM_REQ*NUM_REQ-1:0] older);
    if (arriving[i]) ahead = members[j] || (arriving[j] && j < i);
    else ahead = !arriving[j] && older[j*NUM_REQ+i];
  endfunction

  integer i, j, v, port_i_idx, port_j_idx, vc_pick;
  reg [NUM_REQ-1:0] queued;
  reg [NUM_OUT*NUM_VCS-1:0] free;
  reg blocked, found;
  always @(*) begin
    queued = member_q | enq_i;
    free = vc_free_i;
    grant_o = '0;
    grant_vc_o = '0;
    taken_o = '0;
    for (i = 0; i < NUM_REQ; i = i + 1) begin
      port_i_idx = 32'(port_i[i*OUT_W+:OUT_W]);
      blocked = 1'b0;
      for (j = 0; j < NUM_REQ; j = j + 1) begin
        port_j_idx = 32'(port_i[j*OUT_W+:OUT_W]);
        if (j != i && queued[j] && !grant_o[j] && ahead(j, i, member_q, enq_i, older_q) &&
            port_j_idx == port_i_idx && |(mask_i[j*NUM_VCS+:NUM_VCS] & mask_i[i*NUM_VCS+:NUM_VCS]))
          blocked = 1'b1;
      end
      found = 1'b0;
      vc_pick = 0;
      for (v = NUM_VCS - 1; v >= 0; v = v - 1)
        if (mask_i[i*NUM_VCS+v] && free[port_i_idx*NUM_VCS+v]) begin
          found = 1'b1;
          vc_pick = v;
        end
      if (queued[i] && !blocked && found) begin
        grant_o[i] = 1'b1;
        grant_vc_o[i*VC_W+:VC_W] = vc_pick[VC_W-1:0];
        free[port_i_idx*NUM_VCS+vc_pick] = 1'b0;
        taken_o[port_i_idx*NUM_VCS+vc_pick] = 1'b1;
      end
    end
  end

  integer a, b;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      member_q <= '0;
      older_q  <= '0;
    end else begin
      member_q <= queued & ~grant_o;
      for (a = 0; a < NUM_REQ; a = a + 1)
        if (enq_i[a])
          for (b = 0; b < NUM_REQ; b = b + 1) begin
            older_q[b*NUM_REQ+a] <= member_q[b] || (enq_i[b] && b < a);
            older_q[a*NUM_REQ+b] <= enq_i[b] && a < b;
          end
    end
  end

  reg error_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) error_q <= 1'b0;
    else if (|(enq_i & member_q)) begin
      error_q <= 1'b1;
`ifndef SYNTHESIS
      $display("%m: a worm enqueued twice (%b)", enq_i & member_q);
`endif
    end
  end
  assign error_o = error_q;
endmodule
