import FuzzerDriver

/// One input's check, in the shape libFuzzer calls: the bytes and their count; returns 0.
public typealias FuzzTarget = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Runs libFuzzer's driver with the process's arguments on `target`: what each target's entry
/// point does, since SwiftPM's entry point, not libFuzzer's `main`, is the one that runs.
public func runFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ target: FuzzTarget
) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, target)
}
