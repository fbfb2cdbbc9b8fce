import Foundation
import StackAPI
import StackRetrieval
import TestSupport

/// Issue 2's figures: decoding a 100-question page with bodies, cancel-all with 20 in flight, requests per page.
@MainActor
enum RetrievalBenchmarks {
    /// Decode time of `/questions?pagesize=100&filter=withbody` (real cardano content) with `ResponseDecoder`.
    static func decodePage(double: DoubleProcess) throws {
        let reply = try LoopbackHTTP.get(double.url("/2.3/questions?site=cardano&pagesize=100&filter=withbody&sort=votes"))
        var count = 0
        let samples = Measure.samples(iterations: 200) {
            if case .success(let wrapper) = ResponseDecoder.decode(Question.self, from: reply.body, httpStatus: reply.status) {
                count = wrapper.items.count
            }
        }
        let median = Measure.median(samples)
        report("decode 100-question page with bodies (\(reply.body.count / 1024) KiB JSON, \(count) items)",
               Measure.summary(samples), goal: "≤ 10 ms", met: median <= 10)
    }

    /// Time from `cancelAll()` until both queues are empty, with 20 loads in flight against a server sleeping 30 s.
    static func cancelAll(double: DoubleProcess) throws {
        try double.setFaults("delay_ms=30000")
        defer { try? double.clearFaults() }
        var samples: [Double] = []
        var delivered = 0
        for _ in 0..<10 {
            let retrieval = Retrieval(factory: RequestFactory(baseURL: double.baseURL))
            for page in 1...20 {
                retrieval.loader(local: nil).questions(QuestionListQuery(site: "cardano"), page: page, mode: .reload,
                                                       priority: page <= 10 ? .userInitiated : .prefetch) { _ in
                    delivered += 1
                }
            }
            _ = runMainLoop(until: { false }, timeout: 0.2) // let the first requests leave
            let start = Measure.now()
            retrieval.cancelAll()
            while retrieval.operationCount > 0 { usleep(50) }
            samples.append((Measure.now() - start) * 1000)
            _ = runMainLoop(until: { false }, timeout: 0.05)
        }
        report("cancelAll() → queues empty, 20 in flight (server sleeping 30 s)", Measure.summary(samples) + ", completions delivered: \(delivered)",
               goal: "≤ 20 ms", met: Measure.median(samples) <= 20 && delivered == 0)
    }

    /// Requests the double saw while the data manager loaded three pages.
    static func requestsPerPage(double: DoubleProcess) throws {
        try double.clearRequestLog()
        let retrieval = Retrieval(factory: RequestFactory(baseURL: double.baseURL))
        var loaded = 0
        for page in 1...3 {
            retrieval.loader(local: nil).questions(QuestionListQuery(site: "cardano", pageSize: 50), page: page, mode: .reload) { result in
                if case .success = result { loaded += 1 }
            }
        }
        _ = runMainLoop(until: { loaded == 3 }, timeout: 20)
        let requests = try double.requestLog().count
        report("requests per page (3 pages of 50 loaded)", String(format: "%.2f (%d requests)", Double(requests) / 3, requests), goal: "1", met: requests == 3)
    }
}
