# GTKWave script (gtkwave -S waves/gtkwave-check.tcl DUMPFILE SAVEFILE) behind waves/screenshot.sh
# and the GTKWave test: once the save file is loaded and drawn, it writes what GTKWave displays
# (each trace's name and its value at the marker, after any translate filter) to the file named
# by WORMCAST_GTKWAVE_REPORT, takes a screenshot of the X display into WORMCAST_GTKWAVE_SHOT, and
# quits.

# Let GTK process its pending events (loading, layout, drawing). Each gtkwave::nop runs one main
# loop iteration; the loop ends when the traces are in and the main loop has nothing left to do,
# and is bounded by a count, not a time.
proc settle {} {
    for {set i 0} {$i < 400} {incr i} {
        gtkwave::nop
        if {$i >= 20 && [gtkwave::getVisibleNumTraces] > 0} break
    }
}

settle
set report [open $env(WORMCAST_GTKWAVE_REPORT) w]
puts $report "dumpfile [gtkwave::getDumpFileName]"
puts $report "marker [gtkwave::getMarker]"
puts $report "window [gtkwave::getWindowStartTime] [gtkwave::getWindowEndTime]"
set total [gtkwave::getTotalNumTraces]
for {set i 0} {$i < $total} {incr i} {
    puts $report "trace [gtkwave::getTraceFlagsFromIndex $i]\t[gtkwave::getTraceNameFromIndex $i]\t[gtkwave::getTraceValueAtMarkerFromIndex $i]"
}
foreach name [gtkwave::getDisplayedSignals] {
    puts $report "signal $name"
}
close $report
exec import -display $env(DISPLAY) -window root $env(WORMCAST_GTKWAVE_SHOT)
gtkwave::/File/Quit
