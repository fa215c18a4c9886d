import ZoomCheckCLI
#if canImport(Glibc)
    import Glibc
#endif
ZoomCheckMain.useOwnPathInReplayCommands()
exit(ZoomCheckMain.run(CommandLine.arguments))
