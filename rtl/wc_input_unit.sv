// Input unit of one router port (systemc/InputUnit + the per-VC stages of systemc/Router): per-VC
// FIFO, the VC state (idle, gathering header flits, routing, waiting for output VCs, active), the
// latched header, the t_node routing countdown, the header flits emitted (each branch its own
// header), the branches that held back the current flit (bubble rule, docs/multicast-hardware.md)
// and the credit-return pipeline.
module wc_input_unit #(
    parameter integer NUM_VCS          = 1,   // virtual channels (1..16)
    parameter integer DEPTH            = 4,   // flits per VC FIFO (>= 1)
    parameter integer FLIT_WIDTH       = 32,  // data bits carried per flit (8..64)
    parameter integer NODES            = 16,  // addressable nodes (header address bits: clog2)
    parameter integer HDR_FLITS        = 1,   // header flits a VC latches (1: unicast headers only)
    parameter integer NUM_BR           = 1,   // branches a worm may have (2: absorb-and-forward)
    parameter integer T_NODE           = 1,   // routing delay of a unicast header, cycles (>= 1)
    parameter integer T_NODE_MULTIDEST = 1,   // routing delay of the other headers, cycles (>= 1)
    parameter integer CREDIT_LATENCY   = 1,   // cycles for a returned credit to reach upstream (>= 1)
    parameter integer VAR_LATENCY      = 0,   // 1: that latency is latency_i (at most CREDIT_LATENCY)
    // Derived (do not override).
    parameter integer VC_W             = (NUM_VCS > 1) ? $clog2(NUM_VCS) : 1,
    parameter integer HDR_W            = HDR_FLITS * FLIT_WIDTH,
    parameter integer HF_W             = $clog2(HDR_FLITS + 1),
    // Packed flit (docs/flit-format.md): a data field of max(32, FLIT_WIDTH) bits, then message,
    // VC, kind and a spare bit (32 bits).
    parameter integer PFLIT_W          = ((FLIT_WIDTH > 32) ? FLIT_WIDTH : 32) + 32
) (
    input  wire                              clk_i,
    input  wire                              rst_ni,
    /* verilator lint_off UNUSEDSIGNAL */  // with VAR_LATENCY = 0
    input  wire [7:0]                        latency_i,    // strap (VAR_LATENCY = 1): credit latency
    /* verilator lint_on UNUSEDSIGNAL */
    // Link from upstream.
    input  wire                              in_valid_i,
    input  wire [PFLIT_W-1:0]                in_flit_i,
    output wire [31:0]                       in_credit_o,
    // Route unit: the latched header of each VC, and what it decided (stable while the worm lasts).
    output wire [NUM_VCS*HDR_W-1:0]          header_o,
    input  wire [NUM_VCS*NUM_BR-1:0]         branch_i,     // branch b exists
    input  wire [NUM_VCS*NUM_BR*HDR_W-1:0]   out_header_i, // header each branch emits
    input  wire [NUM_VCS*HF_W-1:0]           out_flits_i,  // its length in flits
    // OCRQ / output-VC allocation.
    output wire [NUM_VCS-1:0]                routed_o,     // route known this cycle: enqueue
    input  wire [NUM_VCS-1:0]                alloc_i,      // the output VCs were taken this cycle
    input  wire [NUM_VCS*NUM_BR*VC_W-1:0]    alloc_vc_i,
    output wire [NUM_VCS*NUM_BR*VC_W-1:0]    out_vc_o,     // output VC per branch, grant included
    // Switch allocation and traversal.
    input  wire [NUM_VCS*NUM_BR-1:0]         credited_i,   // branch's output VC has a credit
    output wire [NUM_VCS*NUM_BR-1:0]         request_o,    // branches asked for this cycle
    input  wire                              grant_i,      // one VC of this port crosses the switch
    input  wire [VC_W-1:0]                   grant_vc_i,   // (to every branch it asked for)
    output wire [NUM_BR*PFLIT_W-1:0]         send_flit_o,  // its flit per branch, with its VC
    output wire                              error_o       // sticky: a protocol invariant broke
);
  localparam [2:0] KIND_HEAD = 3'd1, KIND_BODY = 3'd2, KIND_TAIL = 3'd3, KIND_HEAD_TAIL = 3'd4,
                   KIND_BUBBLE = 3'd5;
  localparam [2:0] IDLE = 3'd0, ROUTING = 3'd1, WAITING = 3'd2, ACTIVE = 3'd3, GATHERING = 3'd4;
  localparam integer ENTRY_W = 3 + 24 + FLIT_WIDTH;  // kind, message tag, data
  localparam integer DATA_W = PFLIT_W - 32;  // the packed data field (FLIT_WIDTH bits used)
  localparam integer ADDR = (NODES > 2) ? $clog2(NODES) : 1;  // header address bits
  localparam integer ROUTE_MAX = (T_NODE > T_NODE_MULTIDEST) ? T_NODE : T_NODE_MULTIDEST;
  localparam integer CNT_W = (ROUTE_MAX > 1) ? $clog2(ROUTE_MAX) : 1;
  // Longest header the first word can announce: a destination list of 2^ADDR entries.
  localparam integer ANNOUNCE_MAX = (2 + ADDR + (1 << ADDR) * ADDR + NODES + FLIT_WIDTH - 1) / FLIT_WIDTH;

  // Header flits announced by the first header word (pure/Header header_flits_from_first).
  function automatic integer header_flits(input [1:0] kind, input [ADDR-1:0] entries_minus_1);
    integer bits, k;
    case (kind)
      2'd0: bits = 2 + ADDR;
      2'd1: bits = 2 + ADDR + (32'(entries_minus_1) + 1) * ADDR;
      2'd2: bits = 2 + NODES;
      default: bits = 1;  // no such kind: an error at the latch
    endcase
    header_flits = 0;
    for (k = 0; k < ANNOUNCE_MAX; k = k + 1) if (bits > k * FLIT_WIDTH) header_flits = k + 1;
  endfunction

  // The arriving flit, without its VC field (the FIFO it goes to says which VC it is on).
  wire [2:0] in_kind = in_flit_i[DATA_W+28+:3];
  wire [3:0] in_vc = in_flit_i[DATA_W+24+:4];
  wire [ENTRY_W-1:0] in_entry = {in_kind, in_flit_i[DATA_W+:24], in_flit_i[FLIT_WIDTH-1:0]};
  wire bad_vc = in_valid_i && (32'(in_vc) >= NUM_VCS);

  wire [NUM_VCS-1:0] pop;
  wire [NUM_VCS-1:0] vc_error;
  wire [NUM_BR*PFLIT_W-1:0] vc_flit[0:NUM_VCS-1];

  genvar v, b;
  generate
    for (v = 0; v < NUM_VCS; v = v + 1) begin : g_vc
      wire [ENTRY_W-1:0] front;
      wire empty, overflow, underflow;
      wc_fifo #(
          .DEPTH(DEPTH),
          .WIDTH(ENTRY_W)
      ) u_fifo (
          .clk_i      (clk_i),
          .rst_ni     (rst_ni),
          .push_i     (in_valid_i && (32'(in_vc) == v)),
          .push_data_i(in_entry),
          .pop_i      (pop[v]),
          .front_o    (front),
          .empty_o    (empty),
          .overflow_o (overflow),
          .underflow_o(underflow)
      );

      reg [2:0] state_q;
      reg [CNT_W-1:0] count_q;            // routing cycles still to wait
      reg [23:0] message_q;
      reg [HDR_W-1:0] header_q;           // latched header flits, word k at bits k*FLIT_WIDTH
      reg [HF_W-1:0] words_q;             // header flits latched so far (gathering)
      reg [HF_W-1:0] need_q;              // header flits announced by the first
      reg [NUM_BR*VC_W-1:0] out_vc_q;
      reg [HF_W-1:0] sent_q;              // header flits that crossed the switch
      reg [NUM_BR-1:0] blockers_q;        // branches that held the current flit back

      wire [2:0] front_kind = front[ENTRY_W-1-:3];
      wire [23:0] front_message = front[ENTRY_W-4-:24];
      wire [FLIT_WIDTH-1:0] front_data = front[FLIT_WIDTH-1:0];
      wire front_head = (front_kind == KIND_HEAD) || (front_kind == KIND_HEAD_TAIL);
      wire front_tail = (front_kind == KIND_TAIL) || (front_kind == KIND_HEAD_TAIL);
      wire front_bubble = (front_kind == KIND_BUBBLE);

      // Header latch: an idle VC takes the head flit off its FIFO (its credit goes back), then
      // one more header flit a cycle until the header is complete.
      wire latch = (state_q == IDLE) && !empty;
      wire gather = (state_q == GATHERING) && !empty;
      wire [31:0] announced = header_flits(front_data[1:0], front_data[2+:ADDR]);
      wire too_long = latch && (announced > HDR_FLITS);
      wire [HF_W-1:0] need = (announced > HDR_FLITS) ? HF_W'(HDR_FLITS) : HF_W'(announced);
      wire complete = (latch && (announced <= 1 || too_long)) || (gather && (words_q + 1'b1 == need_q));
      wire [1:0] header_kind = latch ? front_data[1:0] : header_q[1:0];
      wire [CNT_W-1:0] route_cycles = (header_kind == 2'd0) ? CNT_W'(T_NODE - 1)
                                                            : CNT_W'(T_NODE_MULTIDEST - 1);
      wire routed = (state_q == ROUTING) && (count_q == '0);

      wire alloc = alloc_i[v];
      wire active = (state_q == ACTIVE) || alloc;
      wire [HF_W-1:0] sent = alloc ? '0 : sent_q;
      wire header_pending = active && (sent < out_flits_i[v*HF_W+:HF_W]);
      wire [NUM_BR*VC_W-1:0] out_vc = alloc ? alloc_vc_i[v*NUM_BR*VC_W+:NUM_BR*VC_W] : out_vc_q;

      // Requests (Router::traverse): every branch for a real flit, when all have a credit; once
      // the header is through, bubbles on the credited branches that have not held the flit back.
      wire [NUM_BR-1:0] branches = branch_i[v*NUM_BR+:NUM_BR];
      wire [NUM_BR-1:0] credited = credited_i[v*NUM_BR+:NUM_BR] & branches;
      wire sendable = active && (header_pending || !empty);
      wire all_credited = (credited == branches);
      wire several = |(branches & (branches - 1'b1));
      wire bubble_mode = sendable && !all_credited && several && !header_pending;
      wire [NUM_BR-1:0] request = !sendable ? '0
                                 : all_credited ? branches
                                 : bubble_mode ? (credited & ~blockers_q) : '0;

      // Traversal: a grant covers every branch asked for. All of them: the next header flit or
      // the front flit (a bubble passing through included); some: a bubble passing through, or
      // a bubble made here for the free branches while another is blocked.
      wire granted = grant_i && (grant_vc_i == VC_W'(v));
      wire full = (request == branches);
      wire send_header = granted && header_pending;
      wire send_front = granted && !header_pending && (full || front_bubble);
      wire make_bubble = granted && !header_pending && !full && !front_bubble;
      wire real_flit = send_header || (send_front && !front_bubble);

      assign pop[v] = latch || gather || send_front;
      assign routed_o[v] = routed;
      assign header_o[v*HDR_W+:HDR_W] = header_q;
      assign out_vc_o[v*NUM_BR*VC_W+:NUM_BR*VC_W] = out_vc;
      assign request_o[v*NUM_BR+:NUM_BR] = request;
      for (b = 0; b < NUM_BR; b = b + 1) begin : g_branch
        wire [3:0] vc = 4'(out_vc[b*VC_W+:VC_W]);
        wire [FLIT_WIDTH-1:0] header_word =
            out_header_i[(v*NUM_BR+b)*HDR_W+32'(sent)*FLIT_WIDTH+:FLIT_WIDTH];
        assign vc_flit[v][b*PFLIT_W+:PFLIT_W] =
            header_pending ? {1'b0, (sent == '0) ? KIND_HEAD : KIND_BODY, vc, message_q, DATA_W'(header_word)}
            : make_bubble  ? {1'b0, KIND_BUBBLE, vc, message_q, DATA_W'(0)}
            :                {1'b0, front_kind, vc, front_message, DATA_W'(front_data)};
      end
      assign vc_error[v] = overflow || underflow || too_long ||
                           (latch && (!front_head || front_tail || front_data[1:0] == 2'd3)) ||
                           (gather && (front_head || front_tail || front_message != message_q)) ||
                           (alloc && !(routed || state_q == WAITING)) || (granted && !active) ||
                           (granted && request == '0);

      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          state_q    <= IDLE;
          count_q    <= '0;
          message_q  <= '0;
          header_q   <= '0;
          words_q    <= '0;
          need_q     <= '0;
          out_vc_q   <= '0;
          sent_q     <= '0;
          blockers_q <= '0;
        end else begin
          case (state_q)
            IDLE:
            if (latch) begin
              state_q   <= complete ? ROUTING : GATHERING;
              count_q   <= route_cycles;
              message_q <= front_message;
              header_q  <= HDR_W'(front_data);
              words_q   <= HF_W'(1);
              need_q    <= need;
            end
            GATHERING:
            if (gather) begin
              if (complete) state_q <= ROUTING;
              count_q <= route_cycles;
              header_q[32'(words_q)*FLIT_WIDTH+:FLIT_WIDTH] <= front_data;
              words_q <= words_q + 1'b1;
            end
            ROUTING:
            if (routed) state_q <= alloc ? ACTIVE : WAITING;
            else count_q <= count_q - 1'b1;
            WAITING: if (alloc) state_q <= ACTIVE;
            default: if (send_front && front_tail) state_q <= IDLE;
          endcase
          if (alloc) out_vc_q <= out_vc;
          sent_q <= sent + HF_W'(send_header);
          if (real_flit) blockers_q <= '0;
          else if (bubble_mode) blockers_q <= blockers_q | (branches & ~credited);
        end
      end
    end
  endgenerate

  assign send_flit_o = vc_flit[grant_vc_i];

  // Credit return: a slot freed in cycle c is seen upstream in cycle c + CREDIT_LATENCY.
  reg [NUM_VCS-1:0] credit_q[0:CREDIT_LATENCY-1];
  integer stage;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (stage = 0; stage < CREDIT_LATENCY; stage = stage + 1) credit_q[stage] <= '0;
    end else begin
      credit_q[0] <= pop;
      for (stage = 1; stage < CREDIT_LATENCY; stage = stage + 1) credit_q[stage] <= credit_q[stage-1];
    end
  end
  wire bad_latency = (VAR_LATENCY != 0) && (latency_i == 8'd0 || 32'(latency_i) > CREDIT_LATENCY);
  /* verilator lint_off UNUSEDSIGNAL */  // an index: its high bits are zero
  wire [31:0] tap = (VAR_LATENCY != 0 && !bad_latency) ? 32'(latency_i) - 1 : CREDIT_LATENCY - 1;
  /* verilator lint_on UNUSEDSIGNAL */
  assign in_credit_o = 32'(credit_q[tap]);

  reg error_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) error_q <= 1'b0;
    else if (bad_vc || bad_latency || |vc_error) begin
      error_q <= 1'b1;
`ifndef SYNTHESIS
      $display("%m: protocol error (bad VC %0d, latency strap %0d out of 1..%0d, VC errors %b)",
               bad_vc, latency_i, CREDIT_LATENCY, vc_error);
`endif
    end
  end
  assign error_o = error_q;

  // The top bit is spare and data bits above FLIT_WIDTH are zero by construction.
  /* verilator lint_off UNUSED */
  wire unused_in_bits = in_flit_i[PFLIT_W-1] ^ ((FLIT_WIDTH < DATA_W) ? ^in_flit_i[DATA_W-1:0] : 1'b0);
  /* verilator lint_on UNUSED */
endmodule
