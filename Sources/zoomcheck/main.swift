import ZoomCheckCLI
#if canImport(Glibc)
    import Glibc
#endif
exit(ZoomCheckMain.run(CommandLine.arguments))
