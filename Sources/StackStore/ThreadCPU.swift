import Foundation

/// CPU time of the calling thread, for an import's report of where its time went (each of its two threads).
enum ThreadCPU {
    /// User plus system CPU seconds the calling thread has used.
    static func seconds() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
