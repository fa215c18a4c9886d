# The replay line of a zoomcheck run with its binary shortened to `zoomcheck`, whatever the
# binary is called and wherever it lives (a path with a space is quoted, so it is matched up
# to the last " replay --property"); the --regressions directory dropped. Used by
# CI/regenerate.sh for Documentation/cli.md's failure example (ShortenReplayTests).
s#replay: .* replay --property #replay: zoomcheck replay --property #
s# --regressions [^ ]+$##
