// Exhaustive testbench of rtl/wc_route_dtag.sv: one route unit per (stage, input port) of a MIN
// switch, every row strap and every destination value the header field can hold; prints one line
// per case, "stage row port dest out_port vc_mask 0" or "stage row port dest E" (error), the same
// format as min_route_ref.cpp prints from UniMinRouting / BiMinRouting (check_route_dtag.sh).
module route_dtag_tb;
  parameter integer BI = 0, B = 2, STAGES = 3, CONS = 1;
  localparam integer NODES = B ** STAGES, ROWS = B ** (STAGES - 1);
  localparam integer NODE_BITS = (NODES > 2) ? $clog2(NODES) : 1;
  localparam integer ROW_BITS = (ROWS > 1) ? $clog2(ROWS) : 1;
  localparam integer PORTS = (BI != 0) ? 2 * B : B;
  reg [ROW_BITS-1:0] row;
  reg [31:0] header;
  reg tick = 0;
  integer i, d;
  genvar j, p;
  for (j = 0; j < STAGES; j = j + 1) begin : g_stage
    for (p = 0; p < PORTS; p = p + 1) begin : g_port
      wire [7:0] port;
      wire [1:0] mask;
      wire err;
      // Two VCs: VC 0 between switches, VC 1 towards nodes, so the masks tell them apart.
      wc_route_dtag #(.B(B), .STAGES(STAGES), .STAGE(j), .BIDIRECTIONAL(BI), .CONSUMPTION(CONS),
                      .NUM_VCS(2), .NETWORK_VC_MASK(1), .NODE_VC_MASK(2), .IN_PORT(p))
        u (.row_i(row), .header_i(header), .port_o(port), .vc_mask_o(mask), .branch_o(),
           .out_header_o(), .out_flits_o(), .error_o(err));
      always @(posedge tick)
        if (err) $display("%0d %0d %0d %0d E", j, row, p, header[31:2]);
        else $display("%0d %0d %0d %0d %0d %0d 0", j, row, p, header[31:2], port, mask);
    end
  end
  initial begin
    for (i = 0; i < ROWS; i = i + 1)
      for (d = 0; d < (1 << NODE_BITS); d = d + 1) begin
        row = ROW_BITS'(i);
        header = {30'(d), 2'b00};  // a unicast header: kind 0, then the destination
        #1 tick = 1;
        #1 tick = 0;
      end
    $finish;
  end
endmodule
