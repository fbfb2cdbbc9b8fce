import AppCore
import StackAPI
import XCTest

/// `Remote`: a value under a load token settles only with that token's result; giving up forgets only a load.
final class RemoteTests: XCTestCase {
    func testOnlyTheAwaitedTokenSettlesTheValue() {
        var remote = Remote<Int>.loading(LoadToken(2))
        XCTAssertFalse(remote.settle(LoadToken(1), .success(1)), "a stale result")
        XCTAssertEqual(remote, .loading(LoadToken(2)))
        XCTAssertTrue(remote.settle(LoadToken(2), .success(7)))
        XCTAssertEqual(remote.value, 7)
        XCTAssertNil(remote.token)
        XCTAssertFalse(remote.settle(LoadToken(2), .success(8)), "a settled value takes no second result")
        XCTAssertEqual(remote.value, 7)
    }

    func testAFailureKeepsItsErrorAndGivingUpForgetsOnlyALoad() {
        var remote = Remote<Int>.loading(LoadToken(3))
        XCTAssertTrue(remote.settle(LoadToken(3), .failure(.offline(detail: "no network"))))
        XCTAssertEqual(remote, .failed(.offline(detail: "no network")))
        remote.giveUp()
        XCTAssertEqual(remote, .failed(.offline(detail: "no network")), "nothing under way: nothing given up")
        remote = .loading(LoadToken(4))
        remote.giveUp()
        XCTAssertEqual(remote, .idle)
    }
}
