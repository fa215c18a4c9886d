# The replay line of a zoomcheck run with its binary shortened to `zoomcheck`, whatever the
# binary is called and wherever it lives (a path with a space is quoted, so it is matched up
# to the last " replay --property"); the --regressions directory dropped. A line continued
# with " \" is joined to the next first (the report wraps replay lines at 100 columns, and
# where it wraps depends on the binary's name). Used by CI/regenerate.sh for
# Documentation/cli.md's failure example (ShortenReplayTests) and by CI/gate.sh's comparison
# of the debug and release reports.
:join
/^ *replay: .* \\$/ {
    N
    s/ \\\n +/ /
    b join
}
s#replay: .* replay --property #replay: zoomcheck replay --property #
s# --regressions [^ ]+$##
