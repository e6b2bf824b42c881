// ATBM token-ring stop of one MIN switch (systemc/pure/TokenRing, ring model, and the token part of
// Router::allocate_outputs / Router::traverse; Varavithya & Mohapatra §4). A worm whose route has
// several branches (a tree operation) joins the token queue when its route is known instead of
// the OCRQs; the queue is served in arrival order (same cycle: input-VC order). While the queue is
// not empty and the switch does not hold the token it asks for it; the token arriving in a later
// cycle than the request is taken, and the worm at the front then enters its OCRQs in that cycle
// (after the worms routed in it). The holder gives the token back after RELEASE_FLITS real flits
// of the worm (release_i; 0: at its tail), or at its tail; the token then travels on, PASS cycles
// per stop. A ring of one stop is the switch alone (the token comes back to it PASS cycles after
// it left). The stop with first_i = 1 is the one the token leaves at reset, as if in cycle 0.
// first_i and release_i are straps (constant after reset): a network's switches share one
// verilated configuration and differ only in them. Two performance counters give the statistics
// of systemc/pure/TokenRing: grants_o the tokens taken, wait_o the cycles from each request to
// its grant, summed over the grants (a request still pending is not counted yet).
module wc_token_stop #(
    parameter integer NUM_REQ       = 4,  // input VCs (index port * NUM_VCS + vc)
    parameter integer PASS          = 1,  // token passing time, cycles per stop (>= 1)
    parameter integer CNT_W         = 8,  // bits of release_i and the holder's flit count
    // Derived (do not override).
    parameter integer IDX_W         = (NUM_REQ > 1) ? $clog2(NUM_REQ) : 1
) (
    input  wire               clk_i,
    input  wire               rst_ni,
    input  wire               first_i,     // strap: 1 at the stop the token leaves at reset
    input  wire [CNT_W-1:0]   release_i,   // strap: real flits before the release (0: tail)
    input  wire               token_i,     // the token arrives from the previous stop
    output wire               token_o,     // the token leaves towards the next stop (PASS cycles)
    input  wire [NUM_REQ-1:0] tree_i,      // route known this cycle, a tree operation: queue up
    output reg  [NUM_REQ-1:0] grant_o,     // the front worm takes the token: enter the OCRQs
    input  wire [NUM_REQ-1:0] real_i,      // input VC r sent a real flit (not a bubble) this cycle
    input  wire [NUM_REQ-1:0] tail_i,      // and it was a tail
    output reg  [63:0]        grants_o,    // tokens taken so far
    output reg  [63:0]        wait_o,      // cycles requests were pending so far
    output wire               error_o      // sticky: a worm queued twice
);
  reg [NUM_REQ-1:0] member_q;          // waiting for the token
  reg [NUM_REQ*NUM_REQ-1:0] older_q;   // bit j*NUM_REQ+i: j joined before i
  reg pending_q;                       // asked for the token in an earlier cycle
  reg held_q;
  reg [IDX_W-1:0] holder_q;            // input VC of the worm holding the token
  reg [CNT_W-1:0] forwarded_q;         // its real flits since the grant
  reg [31:0] waited_q;                 // cycles the pending request waited before this one

  wire [NUM_REQ-1:0] queued = member_q | tree_i;
  // The front: queued, and no other queued worm is ahead of it (joined earlier, or in this
  // cycle from a lower-numbered input VC).
  integer i, j;
  reg [NUM_REQ-1:0] front;
  reg behind;
  always @(*) begin
    front = '0;
    for (i = 0; i < NUM_REQ; i = i + 1) begin
      behind = 1'b0;
      for (j = 0; j < NUM_REQ; j = j + 1)
        if (j != i && queued[j] &&
            (tree_i[i] ? (member_q[j] || (tree_i[j] && j < i)) : (!tree_i[j] && older_q[j*NUM_REQ+i])))
          behind = 1'b1;
      front[i] = queued[i] && !behind;
    end
  end

  wire take = token_i && pending_q && !held_q;
  always @(*) grant_o = take ? front : '0;
  // The holder, from the cycle it takes the token: its worm may send its head in that cycle
  // (it takes its outputs and crosses the switch at once), and that flit counts.
  integer f;
  reg [IDX_W-1:0] front_index;
  always @(*) begin
    front_index = '0;
    for (f = 0; f < NUM_REQ; f = f + 1) if (front[f]) front_index = IDX_W'(f);
  end
  wire holding = held_q || take;
  wire [IDX_W-1:0] holder = take ? front_index : holder_q;
  wire [CNT_W-1:0] counted = take ? '0 : forwarded_q;
  wire [CNT_W-1:0] forwarded = counted + 1'b1;
  wire holder_sent = holding && real_i[holder];
  wire release_token = holder_sent && (tail_i[holder] || (release_i != '0 && forwarded >= release_i));
  // Ask while worms wait and the token is elsewhere; an arrival nobody takes goes on.
  wire ask = |queued && !held_q && !take;
  wire leave = (token_i && !take) || release_token;

  // The token on its way to the next stop: leaves in cycle c, arrives there in c + PASS.
  // The first stop's token is on its way from reset on. Its reset value comes from the first_i
  // strap, so it is not a register's reset value (that would be a flip-flop with an
  // asynchronous load, which cell libraries do not have): boot_q, high from reset to the first
  // clock edge, adds it to travel_q's constant reset value instead.
  reg [PASS-1:0] travel_q;
  reg boot_q;
  wire [PASS-1:0] travel = travel_q | (boot_q ? PASS'(first_i) : '0);
  assign token_o = travel[PASS-1];

  integer a, b;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      member_q    <= '0;
      older_q     <= '0;
      pending_q   <= 1'b0;
      held_q      <= 1'b0;
      holder_q    <= '0;
      forwarded_q <= '0;
      travel_q    <= '0;
      boot_q      <= 1'b1;
      grants_o    <= '0;
      wait_o      <= '0;
      waited_q    <= '0;
    end else begin
      // A grant in cycle a of a request made in cycle c: pending_q was high in c+1 .. a.
      grants_o <= grants_o + 64'(take);
      wait_o   <= wait_o + (take ? 64'(waited_q) + 64'd1 : 64'd0);
      waited_q <= take ? '0 : waited_q + 32'(pending_q);
      member_q <= queued & ~grant_o;
      for (a = 0; a < NUM_REQ; a = a + 1)
        if (tree_i[a])
          for (b = 0; b < NUM_REQ; b = b + 1) begin
            older_q[b*NUM_REQ+a] <= member_q[b] || (tree_i[b] && b < a);
            older_q[a*NUM_REQ+b] <= tree_i[b] && a < b;
          end
      // A request stays until the token is taken (the ring keeps the first request's cycle).
      pending_q <= (pending_q || ask) && !take;
      held_q <= holding && !release_token;
      holder_q <= holder;
      forwarded_q <= holder_sent ? forwarded : counted;
      travel_q <= (travel << 1) | PASS'(leave);
      boot_q   <= 1'b0;
    end
  end

  reg error_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) error_q <= 1'b0;
    else if (|(tree_i & member_q)) begin
      error_q <= 1'b1;
`ifndef SYNTHESIS
      $display("%m: a worm joined the token queue twice (%b)", tree_i & member_q);
`endif
    end
  end
  assign error_o = error_q;
endmodule
