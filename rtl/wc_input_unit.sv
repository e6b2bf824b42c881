// Input unit of one router port (systemc/InputUnit + the per-VC stages of systemc/Router): per-VC
// FIFO, the VC state (idle, routing, waiting for an output VC, active), the latched header flit,
// the t_node routing countdown, and the credit-return pipeline towards the upstream sender.
// Unicast worms only: the header is one flit (docs/flit-format.md), so there is no gathering state.
module wc_input_unit #(
    parameter integer NUM_VCS        = 1,   // virtual channels (1..16)
    parameter integer DEPTH          = 4,   // flits per VC FIFO (>= 1)
    parameter integer FLIT_WIDTH     = 32,  // data bits carried per flit (8..32)
    parameter integer T_NODE         = 1,   // routing delay, cycles (>= 1)
    parameter integer CREDIT_LATENCY = 1,   // cycles for a returned credit to reach upstream (>= 1)
    // Derived (do not override).
    parameter integer VC_W           = (NUM_VCS > 1) ? $clog2(NUM_VCS) : 1
) (
    input  wire                           clk_i,
    input  wire                           rst_ni,
    // Link from upstream.
    input  wire                           in_valid_i,
    input  wire [63:0]                    in_flit_i,
    output wire [31:0]                    in_credit_o,
    // Route unit: the latched header word of each VC.
    output wire [NUM_VCS*FLIT_WIDTH-1:0]  header_o,
    // OCRQ / output-VC allocation.
    output wire [NUM_VCS-1:0]             routed_o,    // route known this cycle: enqueue on the OCRQ
    input  wire [NUM_VCS-1:0]             alloc_i,     // an output VC was taken this cycle
    input  wire [NUM_VCS*VC_W-1:0]        alloc_vc_i,
    output wire [NUM_VCS*VC_W-1:0]        out_vc_o,    // output VC held, this cycle's grant included
    // Switch allocation and traversal.
    output wire [NUM_VCS-1:0]             sendable_o,  // active with a header or payload flit to send
    input  wire                           grant_i,     // one VC of this port crosses the switch
    input  wire [VC_W-1:0]                grant_vc_i,
    output wire [63:0]                    send_flit_o, // its flit, tagged with its output VC
    output wire                           error_o      // sticky: a protocol invariant broke
);
  localparam [2:0] KIND_HEAD = 3'd1, KIND_TAIL = 3'd3, KIND_HEAD_TAIL = 3'd4;
  localparam [1:0] IDLE = 2'd0, ROUTING = 2'd1, WAITING = 2'd2, ACTIVE = 2'd3;
  localparam integer ENTRY_W = 3 + 24 + FLIT_WIDTH;  // kind, message tag, data
  localparam integer CNT_W = (T_NODE > 1) ? $clog2(T_NODE) : 1;
  localparam [CNT_W-1:0] ROUTE_CYCLES = CNT_W'(T_NODE - 1);

  // The arriving flit, without its VC field (the FIFO it goes to says which VC it is on).
  wire [2:0] in_kind = in_flit_i[62:60];
  wire [3:0] in_vc = in_flit_i[59:56];
  wire [ENTRY_W-1:0] in_entry = {in_kind, in_flit_i[55:32], in_flit_i[FLIT_WIDTH-1:0]};
  wire bad_vc = in_valid_i && (32'(in_vc) >= NUM_VCS);

  wire [NUM_VCS-1:0] pop;
  wire [NUM_VCS-1:0] vc_error;
  wire [63:0] vc_flit[0:NUM_VCS-1];

  genvar v;
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

      reg [1:0] state_q;
      reg [CNT_W-1:0] count_q;  // routing cycles still to wait
      reg [23:0] message_q;
      reg [FLIT_WIDTH-1:0] header_q;
      reg [VC_W-1:0] out_vc_q;
      reg header_pending_q;  // the header flit has not crossed the switch yet

      wire [2:0] front_kind = front[ENTRY_W-1-:3];
      wire front_head = (front_kind == KIND_HEAD) || (front_kind == KIND_HEAD_TAIL);
      wire front_tail = (front_kind == KIND_TAIL) || (front_kind == KIND_HEAD_TAIL);

      // Header latch: an idle VC takes the head flit off its FIFO (its credit goes back).
      wire latch = (state_q == IDLE) && !empty;
      wire routed = (state_q == ROUTING) && (count_q == '0);
      wire alloc = alloc_i[v];
      wire header_pending = alloc || header_pending_q;
      wire active = (state_q == ACTIVE) || alloc;
      wire [VC_W-1:0] out_vc = alloc ? alloc_vc_i[v*VC_W+:VC_W] : out_vc_q;
      wire granted = grant_i && (grant_vc_i == VC_W'(v));
      wire send_payload = granted && !header_pending;

      assign pop[v] = latch || send_payload;
      assign routed_o[v] = routed;
      assign header_o[v*FLIT_WIDTH+:FLIT_WIDTH] = header_q;
      assign out_vc_o[v*VC_W+:VC_W] = out_vc;
      assign sendable_o[v] = active && (header_pending || !empty);
      // The header flit leaves from the latch, payload flits from the FIFO.
      assign vc_flit[v] = header_pending
          ? {1'b0, KIND_HEAD, 4'(out_vc), message_q, 32'(header_q)}
          : {1'b0, front_kind, 4'(out_vc), front[ENTRY_W-4-:24], 32'(front[FLIT_WIDTH-1:0])};
      assign vc_error[v] = overflow || underflow || (latch && (!front_head || front_tail)) ||
                           (alloc && !(routed || state_q == WAITING)) || (granted && !active);

      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          state_q          <= IDLE;
          count_q          <= '0;
          message_q        <= '0;
          header_q         <= '0;
          out_vc_q         <= '0;
          header_pending_q <= 1'b0;
        end else begin
          case (state_q)
            IDLE:
            if (latch) begin
              state_q   <= ROUTING;
              count_q   <= ROUTE_CYCLES;
              message_q <= front[ENTRY_W-4-:24];
              header_q  <= front[FLIT_WIDTH-1:0];
            end
            ROUTING:
            if (routed) state_q <= alloc ? ACTIVE : WAITING;
            else count_q <= count_q - 1'b1;
            WAITING: if (alloc) state_q <= ACTIVE;
            default: if (send_payload && front_tail) state_q <= IDLE;
          endcase
          if (alloc) out_vc_q <= out_vc;
          header_pending_q <= header_pending && !granted;
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
  assign in_credit_o = 32'(credit_q[CREDIT_LATENCY-1]);

  reg error_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) error_q <= 1'b0;
    else if (bad_vc || |vc_error) begin
      error_q <= 1'b1;
`ifndef SYNTHESIS
      $display("%m: protocol error (bad VC %0d, VC errors %b)", bad_vc, vc_error);
`endif
    end
  end
  assign error_o = error_q;

  // Bit 63 is spare and data bits above FLIT_WIDTH are zero by construction.
  /* verilator lint_off UNUSED */
  wire unused_in_bits = in_flit_i[63] ^ ((FLIT_WIDTH < 32) ? ^in_flit_i[31:0] : 1'b0);
  /* verilator lint_on UNUSED */
endmodule
