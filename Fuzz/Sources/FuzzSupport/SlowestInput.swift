#if canImport(Glibc)
import Glibc
#endif

/// Times every input a harness runs and reports the slowest when the process exits.
///
/// libFuzzer's own `slowest_unit_time_sec` counts whole seconds; the goal we check (no input under 1 MB takes
/// longer than 100 ms) needs milliseconds. `measure` wraps one execution; at exit one line goes to stderr:
/// `stackterm-fuzz: slowest input 3.217 ms (5120 bytes) of 1000000`, which Fuzz/run.sh picks up. The first
/// execution is timed but not counted (it pays for lazy one-time set-up: Foundation, tables, metadata).
/// When `STACKTERM_FUZZ_SLOWEST` names a file, the slowest input is written there to replay it.
/// libFuzzer runs one input at a time on one thread, so plain globals are enough.
public enum SlowestInput {
    nonisolated(unsafe) private static var executions = 0
    nonisolated(unsafe) private static var slowestNanoseconds: UInt64 = 0
    nonisolated(unsafe) private static var slowestBytes: [UInt8] = []
    nonisolated(unsafe) private static var registered = false

    /// Runs `body` for the input `bytes[0..<count]` and remembers it when it is the slowest so far.
    public static func measure(_ bytes: UnsafePointer<UInt8>?, _ count: Int, _ body: () -> Void) {
        if !registered {
            registered = true
            atexit { SlowestInput.report() }
        }
        let start = now()
        body()
        let elapsed = now() &- start
        executions += 1
        if executions > 1, elapsed > slowestNanoseconds {
            slowestNanoseconds = elapsed
            slowestBytes = bytes.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        }
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    private static func report() {
        let milliseconds = Double(slowestNanoseconds) / 1_000_000
        let rounded = (milliseconds * 1000).rounded() / 1000
        let line = "stackterm-fuzz: slowest input \(rounded) ms (\(slowestBytes.count) bytes) of \(executions)\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        if let path = getenv("STACKTERM_FUZZ_SLOWEST"), let file = fopen(path, "wb") {
            _ = slowestBytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
        }
    }
}

/// Stops the process with `message` when `condition` is false. Unlike `precondition`, the message survives
/// `-O` (what the harnesses are built with), so the crash report says which promise broke.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
