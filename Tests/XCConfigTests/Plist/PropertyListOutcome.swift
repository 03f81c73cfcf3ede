import Testing
@testable import XCConfig

/// Expects `read` to end in a value or in a `PropertyListError` that says what is wrong: the
/// contract for any bytes, however corrupt (never a crash, a hang or another error).
/// Returns whether it gave a value.
@discardableResult
func expectValueOrPropertyListError<Value>(
    _ comment: Comment, sourceLocation: Testing.SourceLocation = #_sourceLocation, _ read: () throws -> Value
) -> Bool {
    do {
        _ = try read()
        return true
    } catch let error as PropertyListError {
        #expect(!error.message.isEmpty, comment, sourceLocation: sourceLocation)
        return false
    } catch {
        Issue.record("\(comment): not a PropertyListError: \(error)", sourceLocation: sourceLocation)
        return false
    }
}
