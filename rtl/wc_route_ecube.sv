// Route unit with e-cube (dimension-order, x then y) routing for a 2-D mesh
// (topologies/mesh/EcubeRouting + systemc/RouteUnit): decodes a latched unicast header
// (docs/flit-format.md: bits 1:0 kind = 0, then the destination) and names the output port and
// the output VCs the worm may take. Combinational; the t_node delay is counted by the input unit.
module wc_route_ecube #(
    parameter integer MESH_X     = 4,   // radix of dimension 0 (x)
    parameter integer MESH_Y     = 4,   // radix of dimension 1 (y)
    parameter integer NUM_VCS    = 1,   // virtual channels per port
    parameter integer NUM_CONS   = 1,   // consumption channels (outputs 4 .. 4+NUM_CONS-1)
    parameter integer IN_PORT    = 0,   // input port this unit serves (spreads worms over NUM_CONS)
    parameter integer FLIT_WIDTH = 32,  // header word bits
    // Derived (do not override).
    parameter integer NODES      = MESH_X * MESH_Y,
    parameter integer NODE_BITS  = (NODES > 2) ? $clog2(NODES) : 1,
    parameter integer NUM_OUT    = 4 + NUM_CONS,
    parameter integer OUT_W      = (NUM_OUT > 1) ? $clog2(NUM_OUT) : 1
) (
    input  wire [NODE_BITS-1:0]  node_id_i,  // this router's node (x + MESH_X * y)
    input  wire [FLIT_WIDTH-1:0] header_i,   // first (only) header word of a unicast worm
    output reg  [OUT_W-1:0]      port_o,
    output wire [NUM_VCS-1:0]    vc_mask_o,
    output wire                  error_o     // not a unicast header, or no such node
);
  // Port numbering of systemc/MeshShape: 2d towards -, 2d+1 towards +, local ports from 4.
  localparam [OUT_W-1:0] PORT_X_MINUS = OUT_W'(0);
  localparam [OUT_W-1:0] PORT_X_PLUS = OUT_W'(1);
  localparam [OUT_W-1:0] PORT_Y_MINUS = OUT_W'(2);
  localparam [OUT_W-1:0] PORT_Y_PLUS = OUT_W'(3);
  localparam [OUT_W-1:0] PORT_CONSUME = OUT_W'(4 + IN_PORT % NUM_CONS);

  wire [1:0] kind = header_i[1:0];
  wire [NODE_BITS-1:0] dest = header_i[2+:NODE_BITS];

  integer here_x, here_y, dest_x, dest_y;
  always @(*) begin
    here_x = 32'(node_id_i) % MESH_X;
    here_y = 32'(node_id_i) / MESH_X;
    dest_x = 32'(dest) % MESH_X;
    dest_y = 32'(dest) / MESH_X;
    if (dest_x != here_x) port_o = (dest_x > here_x) ? PORT_X_PLUS : PORT_X_MINUS;
    else if (dest_y != here_y) port_o = (dest_y > here_y) ? PORT_Y_PLUS : PORT_Y_MINUS;
    else port_o = PORT_CONSUME;
  end

  // A mesh needs no dateline classes: every VC of the output is allowed.
  assign vc_mask_o = {NUM_VCS{1'b1}};
  assign error_o = (kind != 2'd0) || (32'(dest) >= NODES);

  // Header bits above the destination are not used by a unicast header.
  if (FLIT_WIDTH > NODE_BITS + 2) begin : g_unused
    /* verilator lint_off UNUSED */
    wire unused_header_bits = ^header_i[FLIT_WIDTH-1:NODE_BITS+2];
    /* verilator lint_on UNUSED */
  end
endmodule
