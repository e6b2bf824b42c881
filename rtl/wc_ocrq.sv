// Output channel request queues (systemc/Ocrq, Libeskind-Hadas et al. §3.2) and the output-VC
// allocation of Router::allocate_outputs, atomic mode. A routed worm enters the queue of every
// output its branches need in one step; in the order of input VCs (port-major), a queued worm
// takes, on every branch, the lowest free allowed output VC, when on none of its outputs an
// older request competes for an overlapping VC set and every branch finds a free VC; it then
// leaves all its queues. The queues of all outputs share one age matrix: a worm enters all its
// queues in one step, so two worms are in the same order in every queue they share.
// Adaptive worms (one branch with alternatives, alt_i; ALTS > 0) wait in no queue: after the
// queued worms, oldest first (the same age matrix), each takes the first of its port and its
// alternatives that has a free allowed VC and no queued request for an overlapping VC set
// (Router::available_output), reported on grant_port_o.
module wc_ocrq #(
    parameter integer NUM_REQ = 5,  // requesters: input VCs, index = port * NUM_VCS + vc
    parameter integer NUM_OUT = 5,  // output ports (one queue each)
    parameter integer NUM_VCS = 1,  // virtual channels per output
    parameter integer NUM_BR  = 1,  // branches per requester (outputs it needs at once)
    parameter integer ALTS    = 0,  // adaptive alternatives of a requester's branch 0
    // Derived (do not override).
    parameter integer OUT_W   = (NUM_OUT > 1) ? $clog2(NUM_OUT) : 1,
    parameter integer VC_W    = (NUM_VCS > 1) ? $clog2(NUM_VCS) : 1,
    parameter integer ALT_W   = (ALTS > 0) ? ALTS * (1 + OUT_W) : 1
) (
    input  wire                               clk_i,
    input  wire                               rst_ni,
    input  wire [NUM_REQ-1:0]                 enq_i,      // route known this cycle: join the queues
    input  wire [NUM_REQ-1:0]                 late_i,     // joins after this cycle's other arrivals
    input  wire [NUM_REQ*NUM_BR-1:0]          branch_i,   // branch b of requester r exists
    input  wire [NUM_REQ*NUM_BR*OUT_W-1:0]    port_i,     // output each branch needs
    input  wire [NUM_REQ*NUM_BR*NUM_VCS-1:0]  mask_i,     // output VCs each branch may take
    /* verilator lint_off UNUSEDSIGNAL */  // the alternatives with ALTS = 0
    input  wire [NUM_REQ*ALT_W-1:0]           alt_i,      // branch 0's alternatives (valid, port)
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [NUM_OUT*NUM_VCS-1:0]         vc_free_i,  // output VCs owned by no worm
    output reg  [NUM_REQ-1:0]                 grant_o,    // took its output VCs this cycle
    output reg  [NUM_REQ*NUM_BR*VC_W-1:0]     grant_vc_o, // the VC of each branch
    output reg  [NUM_REQ*OUT_W-1:0]           grant_port_o, // an adaptive grant's output
    output wire [NUM_REQ-1:0]                 adaptive_o, // requester chooses among alternatives
    output reg  [NUM_OUT*NUM_VCS-1:0]         taken_o,    // output VCs taken this cycle
    output wire                               error_o     // sticky: a worm enqueued twice
);
  reg [NUM_REQ-1:0] member_q;                 // queued, waiting for output VCs
  reg [NUM_REQ*NUM_REQ-1:0] older_q;          // bit j*NUM_REQ+i: j joined before i

  // Of two worms arriving in the same cycle, j goes first: a late one (a tree worm that took the
  // ATBM token, Router::allocate_outputs) after the others, else the lower-numbered input VC.
  function automatic first(input integer j, input integer i, input [NUM_REQ-1:0] late);
    first = (late[j] == late[i]) ? (j < i) : late[i];
  endfunction
  // j is ahead of i in the queues after this cycle's arrivals (joined earlier, or first of the
  // same cycle).
  function automatic ahead(input integer j, input integer i, input [NUM_REQ-1:0] members,
                           input [NUM_REQ-1:0] arriving, input [NUM_REQ*NUM_REQ-1:0] older,
                           input [NUM_REQ-1:0] late);
    if (arriving[i]) ahead = members[j] || (arriving[j] && first(j, i, late));
    else ahead = !arriving[j] && older[j*NUM_REQ+i];
  endfunction

  // Requester r is adaptive: its branch 0 has alternatives.
  reg [NUM_REQ-1:0] adaptive;
  integer ar, ak;
  always @(*) begin
    adaptive = '0;
    for (ar = 0; ar < NUM_REQ; ar = ar + 1)
      for (ak = 0; ak < ALTS; ak = ak + 1)
        if (alt_i[ar*ALT_W+ak*(1+OUT_W)]) adaptive[ar] = 1'b1;
  end
  assign adaptive_o = adaptive;

  // The lowest VC of `mask` free in `vcs`, or -1.
  function automatic integer lowest_free(input [NUM_VCS-1:0] mask, input [NUM_VCS-1:0] vcs);
    integer n;
    lowest_free = -1;
    for (n = NUM_VCS - 1; n >= 0; n = n - 1) if (mask[n] && vcs[n]) lowest_free = n;
  endfunction

  integer i, j, b, bi, bj, port_b, vc_pick, k, c, cand;
  integer rank[0:NUM_REQ-1];
  reg [NUM_REQ-1:0] queued;
  reg [NUM_OUT*NUM_VCS-1:0] free, requested;
  reg blocked, all_found, picked;
  always @(*) begin
    queued = member_q | enq_i;
    free = vc_free_i;
    bi = 0;
    port_b = 0;
    vc_pick = 0;
    cand = 0;
    picked = 1'b0;
    grant_o = '0;
    grant_vc_o = '0;
    grant_port_o = '0;
    taken_o = '0;
    for (i = 0; i < NUM_REQ; i = i + 1) begin
      // An older request on one of the same outputs with an overlapping VC set holds it back.
      blocked = 1'b0;
      for (j = 0; j < NUM_REQ; j = j + 1)
        if (j != i && queued[j] && !adaptive[j] && !grant_o[j] &&
            ahead(j, i, member_q, enq_i, older_q, late_i))
          for (bi = i * NUM_BR; bi < (i + 1) * NUM_BR; bi = bi + 1)
            for (bj = j * NUM_BR; bj < (j + 1) * NUM_BR; bj = bj + 1)
              if (branch_i[bi] && branch_i[bj] && port_i[bi*OUT_W+:OUT_W] == port_i[bj*OUT_W+:OUT_W] &&
                  |(mask_i[bj*NUM_VCS+:NUM_VCS] & mask_i[bi*NUM_VCS+:NUM_VCS]))
                blocked = 1'b1;
      // Every branch needs a free VC (its outputs differ, so one branch's pick never takes
      // another's VC).
      all_found = 1'b1;
      for (b = 0; b < NUM_BR; b = b + 1) begin
        bi = i * NUM_BR + b;
        port_b = 32'(port_i[bi*OUT_W+:OUT_W]);
        if (branch_i[bi] && lowest_free(mask_i[bi*NUM_VCS+:NUM_VCS], free[port_b*NUM_VCS+:NUM_VCS]) < 0)
          all_found = 1'b0;
      end
      if (queued[i] && !adaptive[i] && !blocked && all_found) begin
        grant_o[i] = 1'b1;
        for (b = 0; b < NUM_BR; b = b + 1) begin
          bi = i * NUM_BR + b;
          port_b = 32'(port_i[bi*OUT_W+:OUT_W]);
          vc_pick = lowest_free(mask_i[bi*NUM_VCS+:NUM_VCS], free[port_b*NUM_VCS+:NUM_VCS]);
          if (branch_i[bi]) begin
            grant_vc_o[bi*VC_W+:VC_W] = vc_pick[VC_W-1:0];
            free[port_b*NUM_VCS+vc_pick] = 1'b0;
            taken_o[port_b*NUM_VCS+vc_pick] = 1'b1;
          end
        end
      end
    end
    // The VCs still requested on each output: by queued worms not granted this cycle.
    requested = '0;
    for (j = 0; j < NUM_REQ; j = j + 1)
      if (queued[j] && !adaptive[j] && !grant_o[j])
        for (bj = j * NUM_BR; bj < (j + 1) * NUM_BR; bj = bj + 1)
          if (branch_i[bj])
            requested[32'(port_i[bj*OUT_W+:OUT_W])*NUM_VCS+:NUM_VCS] =
                requested[32'(port_i[bj*OUT_W+:OUT_W])*NUM_VCS+:NUM_VCS] | mask_i[bj*NUM_VCS+:NUM_VCS];
    // Adaptive worms, oldest first (rank: the adaptive worms ahead). Candidate c = 0 is the
    // branch's port, c = 1 + a its alternative a.
    for (i = 0; i < NUM_REQ; i = i + 1) begin
      rank[i] = 0;
      for (j = 0; j < NUM_REQ; j = j + 1)
        if (j != i && queued[j] && adaptive[j] && ahead(j, i, member_q, enq_i, older_q, late_i))
          rank[i] = rank[i] + 1;
    end
    for (k = 0; k < NUM_REQ; k = k + 1)
      for (i = 0; i < NUM_REQ; i = i + 1)
        if (queued[i] && adaptive[i] && rank[i] == k) begin
          bi = i * NUM_BR;
          picked = 1'b0;
          for (c = 0; c <= ALTS; c = c + 1)
            if (!picked && (c == 0 || alt_i[i*ALT_W+(c-1)*(1+OUT_W)])) begin
              cand = (c == 0) ? 32'(port_i[bi*OUT_W+:OUT_W])
                              : 32'(alt_i[i*ALT_W+(c-1)*(1+OUT_W)+1+:OUT_W]);
              vc_pick = lowest_free(mask_i[bi*NUM_VCS+:NUM_VCS], free[cand*NUM_VCS+:NUM_VCS]);
              // Free, and no queued request for an overlapping VC set there.
              if (vc_pick >= 0 &&
                  !(|(requested[cand*NUM_VCS+:NUM_VCS] & mask_i[bi*NUM_VCS+:NUM_VCS]))) begin
                picked = 1'b1;
                grant_o[i] = 1'b1;
                grant_vc_o[bi*VC_W+:VC_W] = vc_pick[VC_W-1:0];
                grant_port_o[i*OUT_W+:OUT_W] = cand[OUT_W-1:0];
                free[cand*NUM_VCS+vc_pick] = 1'b0;
                taken_o[cand*NUM_VCS+vc_pick] = 1'b1;
              end
            end
        end
  end

  integer a, d;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      member_q <= '0;
      older_q  <= '0;
    end else begin
      member_q <= queued & ~grant_o;
      for (a = 0; a < NUM_REQ; a = a + 1)
        if (enq_i[a])
          for (d = 0; d < NUM_REQ; d = d + 1) begin
            older_q[d*NUM_REQ+a] <= member_q[d] || (enq_i[d] && first(d, a, late_i));
            older_q[a*NUM_REQ+d] <= enq_i[d] && first(a, d, late_i);
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
