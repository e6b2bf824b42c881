// Switch of a multistage interconnection network (topologies/min/network/MinNetwork: one
// systemc/Router per switch with UniMinRouting or BiMinRouting) for unicast worms and, with
// TREE_WORMS = 1, tree worms (bit-string headers of several flits, replication to up to b branches
// with per-branch masked headers and bubbles, atomic OCRQ enqueue; with TOKEN_RING = 1 the ATBM
// token serialises tree operations, the switch alone forming its ring): the switch core that
// wc_router shares (wc_switch_core: input units -> OCRQs with output-VC allocation -> separable
// switch allocator -> replicating crossbar -> output units, docs/pipeline.md) with
// destination-tag / turnaround route units (wc_route_dtag); only the route units, the port counts
// and which ports face nodes differ. Ports as MinWiring numbers them: UNI-MIN inputs and outputs 0..b-1; BI-MIN
// left ports 0..b-1 and right ports b..2b-1 (each an input and an output). An exit switch (UNI:
// stage n-1, BI: stage 0) with b consumption channels per node has the extra channel outputs of
// ConsumptionChannels after those (UNI: b*b outputs in all, BI: b*b + b).
// Latencies as MinNetwork sets them: inputs from nodes (every input of UNI stage 0, the left
// inputs of BI stage 0) return credits after T_INJ, other inputs after T_PHY; outputs to nodes
// (every output of the exit switch but the BI right ports) take T_CONS, others T_PHY.
module wc_min_switch #(
    parameter integer B               = 2,   // switch radix b
    parameter integer STAGES          = 3,   // stages n (b^n nodes)
    parameter integer STAGE           = 0,   // this switch's stage j (0 .. n-1)
    parameter integer BIDIRECTIONAL   = 0,   // 0: baseline UNI-MIN, 1: butterfly BI-MIN
    parameter integer CONSUMPTION     = 1,   // consumption channels per node: 1 or B
    parameter integer NUM_VCS         = 1,   // virtual channels per port (1..16)
    parameter [31:0]  NETWORK_VC_MASK = 32'hFFFF_FFFF,  // VCs allowed switch to switch (bit v)
    parameter [31:0]  NODE_VC_MASK    = 32'hFFFF_FFFF,  // VCs allowed towards a node
    parameter integer BUF_DEPTH       = 4,   // flits per input VC FIFO (>= 1)
    parameter integer FLIT_WIDTH      = 32,  // data bits per flit (2 + NODE_BITS .. 64)
    parameter integer T_NODE          = 1,   // routing delay of a unicast header, cycles (>= 1)
    parameter integer T_SW            = 1,   // crossbar traversal, cycles (>= 1)
    parameter integer T_PHY           = 1,   // switch-to-switch link latency, cycles (>= 1)
    parameter integer T_INJ           = 1,   // injection channel latency (credits back to the NIC)
    parameter integer T_CONS          = 1,   // consumption channel latency (flits to the NIC)
    parameter integer TREE_WORMS      = 0,   // 1: bit-string headers (tree worms)
    parameter integer T_NODE_MULTIDEST = 1,  // routing delay of a bit-string header, cycles (>= 1)
    // ATBM token ring (wc_token_stop): 1: a tree operation waits for the token of a ring that is
    // this switch alone (a group of one switch); TOKEN_PASS cycles per stop; the holder releases
    // it after TOKEN_RELEASE_FLITS real flits (0: at the tail).
    parameter integer TOKEN_RING      = 0,
    parameter integer TOKEN_PASS      = 1,
    parameter integer TOKEN_RELEASE_FLITS = 0,
    // Derived (do not override).
    parameter integer TOKEN_CNT_W     = (TOKEN_RELEASE_FLITS > 0) ? $clog2(TOKEN_RELEASE_FLITS + 1) : 1,
    parameter integer PORTS           = (BIDIRECTIONAL != 0) ? 2 * B : B,
    parameter integer EXIT            = ((BIDIRECTIONAL != 0) ? (STAGE == 0) : (STAGE == STAGES - 1))
                                        ? 1 : 0,  // exit switch: delivers to nodes
    parameter integer NUM_IN          = PORTS,
    parameter integer NUM_OUT         = PORTS + ((EXIT != 0) ? (CONSUMPTION - 1) * B : 0),
    parameter integer ROWS            = B ** (STAGES - 1),
    parameter integer ROW_BITS        = (ROWS > 1) ? $clog2(ROWS) : 1,
    parameter integer NODES           = B ** STAGES,
    parameter integer NUM_BR          = (TREE_WORMS != 0) ? B : 1,  // branches of a worm
    parameter integer HDR_FLITS       = (TREE_WORMS != 0) ? (2 + NODES + FLIT_WIDTH - 1) / FLIT_WIDTH : 1,
    // Packed flit bits on the link ports (docs/flit-format.md): max(32, FLIT_WIDTH) data bits,
    // then 32 bits of message, VC, kind and a spare bit; 64 up to 32-bit flits.
    parameter integer PFLIT_W         = ((FLIT_WIDTH > 32) ? FLIT_WIDTH : 32) + 32
) (
    input  wire                   clk_i,
    input  wire                   rst_ni,
    input  wire [ROW_BITS-1:0]    row_i,         // strap: this switch's row i (0 .. b^(n-1)-1)
    // Per input port p: link from upstream (bits p*PFLIT_W +: PFLIT_W), credits back (p*32 +: 32).
    input  wire [NUM_IN-1:0]      in_valid_i,
    input  wire [NUM_IN*PFLIT_W-1:0] in_flit_i,
    output wire [NUM_IN*32-1:0]   in_credit_o,
    // Per output port q: link to downstream and the credits it returns.
    output wire [NUM_OUT-1:0]     out_valid_o,
    output wire [NUM_OUT*PFLIT_W-1:0] out_flit_o,
    input  wire [NUM_OUT*32-1:0]  out_credit_i,
    output wire                   error_o        // sticky: a protocol invariant broke
);
  localparam integer NUM_REQ = NUM_IN * NUM_VCS;  // input VCs
  localparam integer OUT_W = (NUM_OUT > 1) ? $clog2(NUM_OUT) : 1;
  // Inputs from nodes (credits back after T_INJ) and outputs to nodes (T_CONS), bit per port.
  localparam [NUM_IN-1:0] FROM_NODE = (STAGE != 0) ? '0
                                      : (BIDIRECTIONAL != 0) ? NUM_IN'((1 << B) - 1) : '1;
  localparam [NUM_OUT-1:0] TO_NODE = (EXIT == 0) ? '0
                                     : (BIDIRECTIONAL != 0) ? ~(NUM_OUT'((1 << B) - 1) << B) : '1;
  localparam integer HDR_W = HDR_FLITS * FLIT_WIDTH;
  localparam integer HF_W = $clog2(HDR_FLITS + 1);

  // Between the switch core and the route units, per input VC r = p * NUM_VCS + v.
  wire [NUM_REQ*HDR_W-1:0] header;
  wire [NUM_REQ*NUM_BR-1:0] branch;
  wire [NUM_REQ*NUM_BR*OUT_W-1:0] route_port;
  wire [NUM_REQ*NUM_BR*NUM_VCS-1:0] route_mask;
  wire [NUM_REQ*NUM_BR*HDR_W-1:0] out_header;
  wire [NUM_REQ*HF_W-1:0] out_flits;
  wire [NUM_REQ-1:0] route_error;
  wire token;  // the ring of this switch alone
  /* verilator lint_off UNUSEDSIGNAL */  // the token statistics (read through wc_router)
  wire [63:0] token_grants, token_wait;
  /* verilator lint_on UNUSEDSIGNAL */

  wc_switch_core #(
      .NUM_IN          (NUM_IN),
      .NUM_OUT         (NUM_OUT),
      .NUM_VCS         (NUM_VCS),
      .BUF_DEPTH       (BUF_DEPTH),
      .FLIT_WIDTH      (FLIT_WIDTH),
      .NODES           (NODES),
      .HDR_FLITS       (HDR_FLITS),
      .NUM_BR          (NUM_BR),
      .T_NODE          (T_NODE),
      .T_NODE_MULTIDEST((TREE_WORMS != 0) ? T_NODE_MULTIDEST : T_NODE),
      .T_SW            (T_SW),
      .T_PHY           (T_PHY),
      .T_INJ           (T_INJ),
      .T_CONS          (T_CONS),
      .FROM_NODE       (FROM_NODE),
      .TO_NODE         (TO_NODE),
      .TOKEN_RING      (TOKEN_RING),
      .TOKEN_PASS      (TOKEN_PASS),
      .TOKEN_CNT_W     (TOKEN_CNT_W)
  ) u_core (
      .clk_i          (clk_i),
      .rst_ni         (rst_ni),
      .in_latency_i   ('0),  // latencies are parameters here
      .out_latency_i  ('0),
      .header_o       (header),
      .branch_i       (branch),
      .port_i         (route_port),
      .vc_mask_i      (route_mask),
      .out_header_i   (out_header),
      .out_flits_i    (out_flits),
      .route_error_i  (route_error),
      .alt_i          ('0),  // destination tags: no adaptive alternatives
      .token_first_i  (1'b1),
      .token_release_i(TOKEN_CNT_W'(TOKEN_RELEASE_FLITS)),
      .token_i        (token),
      .token_o        (token),
      .token_grants_o (token_grants),
      .token_wait_o   (token_wait),
      .in_valid_i     (in_valid_i),
      .in_flit_i      (in_flit_i),
      .in_credit_o    (in_credit_o),
      .out_valid_o    (out_valid_o),
      .out_flit_o     (out_flit_o),
      .out_credit_i   (out_credit_i),
      .error_o        (error_o)
  );

  // The destination-tag / turnaround route units.
  genvar p, v;
  generate
    for (p = 0; p < NUM_IN; p = p + 1) begin : g_in
      for (v = 0; v < NUM_VCS; v = v + 1) begin : g_vc
        localparam integer R = p * NUM_VCS + v;
        wc_route_dtag #(
            .B              (B),
            .STAGES         (STAGES),
            .STAGE          (STAGE),
            .BIDIRECTIONAL  (BIDIRECTIONAL),
            .CONSUMPTION    (CONSUMPTION),
            .NUM_VCS        (NUM_VCS),
            .NETWORK_VC_MASK(NETWORK_VC_MASK),
            .NODE_VC_MASK   (NODE_VC_MASK),
            .IN_PORT        (p),
            .FLIT_WIDTH     (FLIT_WIDTH),
            .TREE_WORMS     (TREE_WORMS)
        ) u_route (
            .row_i       (row_i),
            .header_i    (header[R*HDR_W+:HDR_W]),
            .port_o      (route_port[R*NUM_BR*OUT_W+:NUM_BR*OUT_W]),
            .vc_mask_o   (route_mask[R*NUM_BR*NUM_VCS+:NUM_BR*NUM_VCS]),
            .branch_o    (branch[R*NUM_BR+:NUM_BR]),
            .out_header_o(out_header[R*NUM_BR*HDR_W+:NUM_BR*HDR_W]),
            .out_flits_o (out_flits[R*HF_W+:HF_W]),
            .error_o     (route_error[R])
        );
      end
    end
  endgenerate
endmodule
