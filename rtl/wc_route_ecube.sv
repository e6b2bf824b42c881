// Route unit with e-cube (dimension-order, x then y) routing for a 2-D mesh or, with TORUS = 1, a
// 2-D torus (topologies/mesh/EcubeRouting + systemc/RouteUnit): decodes a latched header
// (docs/flit-format.md) and names the branches of the worm: their output ports, the output VCs
// they may take, and the header they carry. A unicast header, or a destination list whose next
// destination is elsewhere, goes one way towards it with its header as latched. A destination
// list at its next destination is consumed here (its last destination) or split in two
// (absorb-and-forward, PATH_WORMS = 1): branch 0 to the consumption channel, branch 1 towards the
// following destination, both with this node popped from the list. A bit-string header
// (TREE_WORMS = 1) is an e-cube (XY) tree worm: branch k < 4 goes out of port k to the named nodes
// whose e-cube route from here leaves on port k, branch 4 to the consumption channel when this
// node is named, each carrying the string masked to its nodes (EcubeRouting::route_tree).
// On a torus a worm goes the shorter way round each dimension (+ on a tie), and with DATELINE = 1
// the branches of network ports carry the dateline VC class: class 1 (odd VCs) on the wrap-around
// link and after it while the worm goes straight on in that dimension, class 0 (even VCs) else;
// tree worms are meshes only (an error on a torus).
// Combinational; the t_node delay is counted by the input unit.
module wc_route_ecube #(
    parameter integer MESH_X     = 4,   // radix of dimension 0 (x)
    parameter integer MESH_Y     = 4,   // radix of dimension 1 (y)
    parameter integer NUM_VCS    = 1,   // virtual channels per port
    parameter integer NUM_CONS   = 1,   // consumption channels (outputs 4 .. 4+NUM_CONS-1)
    parameter integer IN_PORT    = 0,   // input port this unit serves (spreads worms over NUM_CONS)
    parameter integer IN_VC      = 0,   // input VC this unit serves (its dateline class on a torus)
    parameter integer TORUS      = 0,   // 1: wrap-around links in both dimensions
    parameter integer DATELINE   = 1,   // torus: dateline VC classes (NUM_VCS >= 2)
    parameter integer FLIT_WIDTH = 32,  // header word bits
    parameter integer PATH_WORMS = 0,   // 1: destination-list headers (multidestination path worms)
    parameter integer TREE_WORMS = 0,   // 1: bit-string headers (e-cube tree worms, 5 branches)
    parameter integer HDR_FLITS  = 1,   // header flits latched (the longest header routed)
    // Derived (do not override).
    parameter integer NODES      = MESH_X * MESH_Y,
    parameter integer NODE_BITS  = (NODES > 2) ? $clog2(NODES) : 1,
    parameter integer NUM_OUT    = 4 + NUM_CONS,
    parameter integer OUT_W      = (NUM_OUT > 1) ? $clog2(NUM_OUT) : 1,
    parameter integer NUM_BR     = (TREE_WORMS != 0) ? 5 : (PATH_WORMS != 0) ? 2 : 1,
    parameter integer HDR_W      = HDR_FLITS * FLIT_WIDTH,
    parameter integer HF_W       = $clog2(HDR_FLITS + 1)
) (
    input  wire [NODE_BITS-1:0]     node_id_i,     // this router's node (x + MESH_X * y)
    input  wire [HDR_W-1:0]         header_i,      // latched header, first word in the low bits
    output reg  [NUM_BR-1:0]        branch_o,      // branch b exists
    output reg  [NUM_BR*OUT_W-1:0]  port_o,        // its output port
    output wire [NUM_BR*NUM_VCS-1:0] vc_mask_o,    // the output VCs it may take
    output reg  [NUM_BR*HDR_W-1:0]  out_header_o,  // header each branch carries
    output reg  [HF_W-1:0]          out_flits_o,   // its length in flits
    output reg                      error_o        // not routable here (kind, node, list)
);
  localparam integer A = NODE_BITS;
  localparam integer PORTS_W = NUM_BR * OUT_W;
  localparam integer HDRS_W = NUM_BR * HDR_W;
  // Port numbering of systemc/MeshShape: 2d towards -, 2d+1 towards +, local ports from 4.
  localparam [OUT_W-1:0] PORT_X_MINUS = OUT_W'(0);
  localparam [OUT_W-1:0] PORT_X_PLUS = OUT_W'(1);
  localparam [OUT_W-1:0] PORT_Y_MINUS = OUT_W'(2);
  localparam [OUT_W-1:0] PORT_Y_PLUS = OUT_W'(3);
  localparam [OUT_W-1:0] PORT_CONSUME = OUT_W'(4 + IN_PORT % NUM_CONS);

  // True when the e-cube route from coordinate `from` to `to` (radix k) goes towards +: on a mesh
  // when `to` is larger, on a torus when + is not the longer way round (MeshShape::ecube_port).
  function automatic plus_way(input integer from, input integer to, input integer k);
    integer up;
    up = (to - from + k) % k;
    plus_way = (TORUS != 0) ? (up <= k - up) : (to > from);
  endfunction

  // E-cube output from this node towards `dest` (the consumption channel when it is here).
  function automatic [OUT_W-1:0] ecube(input [31:0] here, input integer dest);
    integer here_x, here_y, dest_x, dest_y;
    here_x = 32'(here) % MESH_X;
    here_y = 32'(here) / MESH_X;
    dest_x = dest % MESH_X;
    dest_y = dest / MESH_X;
    if (dest_x != here_x) ecube = plus_way(here_x, dest_x, MESH_X) ? PORT_X_PLUS : PORT_X_MINUS;
    else if (dest_y != here_y) ecube = plus_way(here_y, dest_y, MESH_Y) ? PORT_Y_PLUS : PORT_Y_MINUS;
    else ecube = PORT_CONSUME;
  endfunction

  // Output VCs a branch leaving on `port` may take (EcubeRouting::route, class_mask): every VC on
  // a mesh, to the NIC or without datelines; on a torus the dateline class of the link.
  function automatic [NUM_VCS-1:0] vcs_for(input [31:0] here, input [OUT_W-1:0] port);
    integer dim, coord, radix, cls, v;
    vcs_for = '1;
    if (TORUS != 0 && DATELINE != 0 && 32'(port) < 4) begin
      dim = 32'(port) / 2;
      coord = (dim == 0) ? 32'(here) % MESH_X : 32'(here) / MESH_X;
      radix = (dim == 0) ? MESH_X : MESH_Y;
      // Straight on: arrived on the opposite side's port of the same dimension.
      cls = (IN_PORT < 4 && (IN_PORT ^ 1) == 32'(port)) ? IN_VC % 2 : 0;
      // The wrap-around link: + from the last coordinate, - from coordinate 0.
      if ((32'(port) % 2 == 1) ? (coord == radix - 1) : (coord == 0)) cls = 1;
      vcs_for = '0;
      for (v = 0; v < NUM_VCS; v = v + 1) if (v % 2 == cls) vcs_for[v] = 1'b1;
    end
  endfunction

  // Flits of a header of `bits` bits.
  function automatic [HF_W-1:0] flits_of(input integer bits);
    integer k;
    flits_of = '0;
    for (k = 0; k < HDR_FLITS; k = k + 1) if (bits > k * FLIT_WIDTH) flits_of = HF_W'(k + 1);
  endfunction

  wire [1:0] kind = header_i[1:0];
  wire [A-1:0] field = header_i[2+:A];  // unicast: destination; list: entries - 1
  wire [31:0] here = 32'(node_id_i);

  // What a destination list asks for (with PATH_WORMS = 0 it is an error).
  wire [NUM_BR-1:0] list_branch;
  wire [NUM_BR*OUT_W-1:0] list_port;
  wire [HDRS_W-1:0] list_header;
  wire [HF_W-1:0] list_flits;
  wire list_error;
  generate
    if (PATH_WORMS != 0) begin : g_path
      // The next destination is d0; at d0 the worm absorbs a copy and goes on towards d1 with d0
      // popped (the list shifted down by one entry, its count one less).
      integer count, d0, d1;
      reg [1:0] branch;
      reg [2*OUT_W-1:0] port;
      reg [HDR_W-1:0] popped;
      reg [HF_W-1:0] flits;
      reg error;
      always @(*) begin
        count = 32'(field) + 1;
        d0 = 32'(header_i[2+A+:A]);
        d1 = 32'(header_i[2+2*A+:A]);
        branch = 2'b01;
        port = {OUT_W'(0), ecube(here, d0)};
        popped = header_i;
        flits = flits_of(2 + A + count * A);
        error = d0 >= NODES;
        if (d0 == here && count > 1) begin
          branch = 2'b11;
          port = {ecube(here, d1), PORT_CONSUME};
          // The same node twice in a row, or a node outside the mesh.
          if (d1 == here || d1 >= NODES) error = 1'b1;
          popped = ((header_i >> (2 + 2 * A)) << (2 + A)) | HDR_W'({A'(count - 2), 2'd1});
          flits = flits_of(2 + A + (count - 1) * A);
        end
      end
      assign list_branch = NUM_BR'(branch);
      assign list_port = PORTS_W'(port);
      assign list_header = {NUM_BR{popped}};
      assign list_flits = flits;
      assign list_error = error;
    end else begin : g_unicast_only
      assign list_branch = NUM_BR'(1);
      assign list_port = '0;
      assign list_header = {NUM_BR{header_i}};
      assign list_flits = HF_W'(1);
      assign list_error = 1'b1;
    end
  endgenerate

  // What a bit-string asks for (with TREE_WORMS = 0 it is an error).
  wire [NUM_BR-1:0] tree_branch;
  wire [PORTS_W-1:0] tree_port;
  wire [HDRS_W-1:0] tree_header;
  wire tree_error;
  generate
    if (TREE_WORMS != 0) begin : g_tree
      // Branch k < 4: port k; branch 4: the consumption channel. A named node goes to the branch
      // of its e-cube next hop: x first, then y, here itself to the consumption channel.
      integer a, here_x, here_y, k;
      reg [4:0] hit;
      reg [5*HDR_W-1:0] headers;
      reg [5*OUT_W-1:0] ports;
      always @(*) begin
        here_x = here % MESH_X;
        here_y = here / MESH_X;
        hit = '0;
        headers = '0;
        for (a = 0; a < NODES; a = a + 1)
          if (header_i[2+a]) begin
            if (a % MESH_X != here_x) k = (a % MESH_X > here_x) ? 1 : 0;
            else if (a / MESH_X != here_y) k = (a / MESH_X > here_y) ? 3 : 2;
            else k = 4;
            hit[k] = 1'b1;
            headers[k*HDR_W+2+a] = 1'b1;
          end
        for (k = 0; k < 5; k = k + 1) begin
          headers[k*HDR_W+:2] = 2'd2;
          ports[k*OUT_W+:OUT_W] = (k == 4) ? PORT_CONSUME : OUT_W'(k);
        end
      end
      assign tree_branch = NUM_BR'(hit);
      assign tree_port = PORTS_W'(ports);
      assign tree_header = HDRS_W'(headers);
      assign tree_error = (hit == '0) || (TORUS != 0);  // names no node, or not a mesh
    end else begin : g_no_tree
      assign tree_branch = NUM_BR'(1);
      assign tree_port = '0;
      assign tree_header = {NUM_BR{header_i}};
      assign tree_error = 1'b1;
    end
  endgenerate

  always @(*) begin
    if (kind == 2'd1) begin
      branch_o = list_branch;
      port_o = list_port;
      out_header_o = list_header;
      out_flits_o = list_flits;
      error_o = list_error;
    end else if (kind == 2'd2) begin
      branch_o = tree_branch;
      port_o = tree_port;
      out_header_o = tree_header;
      out_flits_o = flits_of(2 + NODES);
      error_o = tree_error;
    end else begin
      // Unicast (an unknown kind is an error).
      branch_o = NUM_BR'(1);
      port_o = PORTS_W'(ecube(here, 32'(field)));
      out_header_o = {NUM_BR{header_i}};
      out_flits_o = HF_W'(1);
      error_o = (kind != 2'd0) || (32'(field) >= NODES);
    end
  end

  genvar b;
  generate
    for (b = 0; b < NUM_BR; b = b + 1) begin : g_vcs
      assign vc_mask_o[b*NUM_VCS+:NUM_VCS] = vcs_for(here, port_o[b*OUT_W+:OUT_W]);
    end
  endgenerate
endmodule
