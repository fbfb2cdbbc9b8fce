import Foundation
import StackAPI
import StackRetrieval
import TestSupport
import XCTest

/// Base for tests over real loopback HTTP: the shared double (`DoubleFixture`, clean before each test, stopped
/// after each test class), and a fresh `Retrieval` pointed at it per test.
class RetrievalTestCase: XCTestCase {
    private(set) var double: DoubleProcess!
    /// The retrieval layer under test, talking to the double.
    var retrieval: Retrieval!
    /// The site every test reads.
    let site = "cardano"

    override func setUp() async throws {
        if let reason = DoubleFixture.skipReason { throw XCTSkip(reason) }
        double = try DoubleFixture.shared()
        retrieval = makeRetrieval()
    }

    override func tearDown() async throws {
        retrieval?.cancelAll()
        retrieval = nil
        try? double?.clearFaults()
    }

    override class func tearDown() {
        DoubleFixture.stopShared()
        super.tearDown()
    }

    /// A `Retrieval` against the double; a key keeps the double's 300-a-day anonymous quota out of the way.
    func makeRetrieval(queues: QueueManager = QueueManager()) -> Retrieval {
        Retrieval(factory: RequestFactory(baseURL: double.baseURL, key: "stackterm-tests"), queues: queues)
    }

    /// The API requests the double has seen whose line contains `fragment`.
    func logged(_ fragment: String) throws -> [String] {
        try double.requestLog().filter { $0.contains(fragment) }
    }

    /// A cardano question with at least `minimumAnswers` answers, found through the double itself.
    func questionWithAnswers(minimumAnswers: Int = 2) throws -> Question {
        let deliveries = Deliveries<Page<Question>>()
        retrieval.questionsPage(site: site, sort: .votes, pageSize: 50, completion: deliveries.completion)
        waitUntil("top questions") { deliveries.count == 1 }
        let questions = try XCTUnwrap(deliveries.last).get().items
        return try XCTUnwrap(questions.first { (minimumAnswers...100).contains($0.answerCount ?? -1) })
    }
}
