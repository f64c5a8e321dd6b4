import Foundation

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

/// Prints one figure: `name  ratio x  (floor name)`, with the absolute times for context.
func report(_ name: String, _ time: Double, against floorName: String, _ floor: Double, limit: Double? = nil) {
    let ratio = time / floor
    var line = "\(name.padding(toLength: 58, withPad: " ", startingAt: 0)) \(String(format: "%7.2fx", ratio))"
    line += "  of \(floorName)"
    if let limit { line += ratio <= limit ? "  (target <= \(limit)x: met)" : "  (target <= \(limit)x: MISSED)" }
    line += String(format: "   [%.3f ms vs %.3f ms]", time * 1000, floor * 1000)
    print(line)
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
