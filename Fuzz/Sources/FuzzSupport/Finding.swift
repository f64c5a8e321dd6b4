/// Reports a broken property to libFuzzer: the message goes to standard error and the process
/// stops, which libFuzzer records as a crash and saves the input that caused it as the reproducer.
/// A fuzz target has no caller to throw to, and stopping is what libFuzzer needs to keep the input.
public func finding(_ message: @autoclosure () -> String) -> Never {
    fatalError("fuzz finding: " + message())
}
