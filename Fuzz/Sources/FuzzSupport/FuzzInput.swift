/// One execution of a harness, timed by `SlowestInput`: `body` gets the whole input (empty when libFuzzer
/// passes none). Returns 0, what `LLVMFuzzerTestOneInput` must return.
public func fuzzInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> CInt {
    SlowestInput.measure(bytes, count) { body(UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : count)) }
    return 0
}

/// `fuzzInput` for a harness whose first byte picks a setting: `body` gets that byte and the rest of the input;
/// an empty input is timed but not run.
public func fuzzInput(
    _ bytes: UnsafePointer<UInt8>?, _ count: Int, _ body: (_ first: UInt8, _ rest: UnsafeBufferPointer<UInt8>) -> Void
) -> CInt {
    fuzzInput(bytes, count) { input in
        guard let first = input.first else { return }
        body(first, UnsafeBufferPointer(rebasing: input.dropFirst()))
    }
}
