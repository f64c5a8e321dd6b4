import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Times `body` and returns the median of `samples` runs, in seconds.
///
/// Each sample runs `body` once after one warm-up. The median resists a noisy neighbour on a
/// two-core machine better than the mean. Results are only ever printed as ratios to a floor
/// measured in the same run, so the machine's speed cancels out.
func median(samples: Int = 7, _ body: () throws -> Void) rethrows -> Double {
    try body()
    var times: [Double] = []
    times.reserveCapacity(samples)
    for _ in 0..<samples {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    times.sort()
    return times[times.count / 2]
}

/// Medians of two bodies sampled in turn, so that a neighbour's load drifting during the run weighs
/// on both alike (each body runs once first as a warm-up).
func alternatingMedians(
    samples: Int, _ first: () throws -> Void, _ second: () throws -> Void
) rethrows -> (Double, Double) {
    try alternatingMedians(samples: samples, setUp: {}, { _ in try first() }, setUp: {}, { _ in try second() })
}

/// ``alternatingMedians(samples:_:_:)`` for work that needs a fresh value each run: each body is
/// timed with a value its `setUp` made just before, outside the timing.
func alternatingMedians<First, Second>(
    samples: Int, setUp firstSetUp: () throws -> First, _ first: (First) throws -> Void,
    setUp secondSetUp: () throws -> Second, _ second: (Second) throws -> Void
) rethrows -> (Double, Double) {
    try first(try firstSetUp())
    try second(try secondSetUp())
    var firstTimes: [Double] = []
    var secondTimes: [Double] = []
    func time<Value>(_ value: Value, _ body: (Value) throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body(value)
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    for _ in 0..<samples {
        firstTimes.append(try time(try firstSetUp(), first))
        secondTimes.append(try time(try secondSetUp(), second))
    }
    return (firstTimes.sorted()[samples / 2], secondTimes.sorted()[samples / 2])
}

/// Async variant of ``median(samples:_:)``.
func medianAsync(samples: Int = 7, _ body: () async throws -> Void) async rethrows -> Double {
    try await body()
    var times: [Double] = []
    for _ in 0..<samples {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    times.sort()
    return times[times.count / 2]
}

/// The wall time `body` takes once, in seconds: one sample of a benchmark that alternates its sides.
func time(_ body: () async throws -> Void) async throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try await body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The median of `values` (the upper one of an even count), for samples taken one by one.
func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Prints one figure: `name  ratio x  (floor name)`, with the absolute times for context.
func report(_ name: String, _ time: Double, against floorName: String, _ floor: Double, limit: Double? = nil) {
    let ratio = time / floor
    var line = "\(name.padding(toLength: 58, withPad: " ", startingAt: 0)) \(String(format: "%7.2fx", ratio))"
    line += "  of \(floorName)"
    if let limit { line += ratio <= limit ? "  (target <= \(limit)x: met)" : "  (target <= \(limit)x: MISSED)" }
    line += String(format: "   [%.3f ms vs %.3f ms]", time * 1000, floor * 1000)
    print(line)
}

/// The CPU time, user and system, that every thread of this process has spent so far, in seconds.
/// Unlike wall time it leaves out a loopback server's process and the waits for it, and a
/// neighbour's load does not inflate it.
func processCPUTime() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
}

/// The ``processCPUTime()`` that `body` took, every thread of the process counted.
func cpuTime(_ body: () async throws -> Void) async throws -> Double {
    let start = processCPUTime()
    try await body()
    return processCPUTime() - start
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// The bytes malloc has handed out and not been given back (every arena's chunks in use and its
/// mmapped chunks), or `nil` where it cannot be read. Unlike the resident size, it goes down when
/// memory is freed, so the difference over a piece of work is what that work still holds.
///
/// Read from glibc's `malloc_stats()` report: `mallinfo2()` gives the same total, but Swift's Glibc
/// module does not declare it and its struct cannot be returned through a looked-up function
/// pointer, whereas `malloc_stats` takes and returns nothing. It prints to the standard error's
/// descriptor, which is pointed at a temporary file for the call.
func mallocInUseBytes() -> Int? {
    #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_stats") else { return nil }
        let mallocStats = unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("malloc-stats-\(getpid())").path
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard file >= 0 else { return nil }
        defer { unlink(path) }
        fflush(nil)
        let standardError = dup(STDERR_FILENO)
        dup2(file, STDERR_FILENO)
        mallocStats()
        fflush(nil)
        dup2(standardError, STDERR_FILENO)
        close(standardError)
        close(file)
        // The report ends with "Total (incl. mmap):" and its "in use bytes = N".
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
            let total = text.range(of: "Total (incl. mmap):"),
            let line = text[total.upperBound...].split(separator: "\n").first(where: { $0.contains("in use bytes") }),
            let value = line.split(separator: "=").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
        else { return nil }
        return value
    #else
        return nil
    #endif
}

/// The resident bytes the process reached at most while `body` ran, above what it held before, or
/// `nil` where Linux's `/proc` cannot be read. The freed memory malloc keeps is handed back first
/// (`malloc_trim`), so that `body`'s allocations land on new pages and count, and the kernel's
/// high-water mark is reset (`clear_refs`, Linux 4.0). Unlike two ``mallocInUseBytes()`` readings,
/// it sees the peak inside `body`, with every temporary buffer and its fragmentation, wherever it
/// falls.
func residentPeakBytes(during body: () throws -> Void) rethrows -> Int? {
    guard let before = resetResidentPeak() else { return nil }
    try body()
    return residentPeak(above: before)
}

/// ``residentPeakBytes(during:)`` for asynchronous work: other tasks of the process count too, so
/// nothing else should run meanwhile.
func residentPeakBytes(during body: () async throws -> Void) async rethrows -> Int? {
    guard let before = resetResidentPeak() else { return nil }
    try await body()
    return residentPeak(above: before)
}

/// Trims malloc, resets the high-water mark and returns the resident kilobytes now, or `nil`.
private func resetResidentPeak() -> Int? {
    #if canImport(Glibc)
        guard let trim = dlsym(nil, "malloc_trim") else { return nil }
        _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
        guard let clear = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return nil }
        clear.write(Data("5".utf8))
        try? clear.close()
        return procStatusKilobytes("VmRSS")
    #else
        return nil
    #endif
}

/// The bytes of the high-water mark above `before` kilobytes, or `nil`.
private func residentPeak(above before: Int) -> Int? {
    guard let peak = procStatusKilobytes("VmHWM") else { return nil }
    return (peak - before) * 1024
}

/// A `kB` line of `/proc/self/status` (`VmRSS`, `VmHWM`), or `nil`.
private func procStatusKilobytes(_ name: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return nil }
    return line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
}
