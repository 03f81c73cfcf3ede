/// The include walk's and the resolver's unretained access to assignments, as the load lists
/// them today: copies of ``Assignment`` written into raw slots without retaining their input,
/// and read back through pointers.
///
/// Issue 19, phase 2 removes all of this: the load lists (file, record) indices and the
/// resolver reads the tree's records (``SyntaxTree/assignmentRecord(_:)``). Until then it lives
/// here, the syntax module's one place for code that relies on memory layout.

extension SyntaxTree.Statements {
    /// Writes the assignments from `position` on, in order, into the uninitialised slots from
    /// `first` on, `stride` bytes apart, until the first include or invalid statement, the end,
    /// or `capacity` assignments; returns where it stopped (that statement's position, the
    /// ``endIndex``, or the position of the first assignment that found no slot) and how many
    /// it wrote.
    ///
    /// Each written assignment holds its input without retaining it (see
    /// ``Assignment/initializeUnretained(_:copying:)``): the caller keeps this tree alive for as
    /// long as the slots are read, and never deinitialises them.
    @inlinable
    package func initializeUnretainedAssignments(
        from position: Int, at first: UnsafeMutableRawPointer, stride: Int, capacity: Int
    ) -> (stop: Int, written: Int) {
        var written = 0
        @inline(__always) func slot() -> UnsafeMutablePointer<Assignment> {
            (first + written &* stride).assumingMemoryBound(to: Assignment.self)
        }
        let records = self.records
        return records.records.withUnsafeBufferPointer { buffer in
            for position in position..<buffer.count {
                let record = buffer[position]
                if record.code == StatementRecord.assignmentCode {
                    if written == capacity { return (position, written) }
                    Assignment.initializeUnretained(slot(), copying: records.assignment(record))
                    written += 1
                } else if record.code >= 0 {
                    switch records.boxes[record.code].kind {
                    case .assignment(let assignment):
                        if written == capacity { return (position, written) }
                        Assignment.initializeUnretained(slot(), copying: assignment)
                        written += 1
                    case .blank, .comment:
                        break
                    case .include, .invalid:
                        return (position, written)
                    }
                }
            }
            return (buffer.count, written)
        }
    }
}

extension Assignment {
    /// Initialises the assignment at `slot` as a copy of `assignment` without retaining its
    /// input: the reference is stored as its bits, and the other fields are plain integers
    /// assigned in place.
    ///
    /// The slot then holds a reference it does not own. It may be read and copied (a copy
    /// retains as usual), but never deinitialised, moved out of nor assigned over; and the input
    /// must outlive every read.
    @inlinable
    static func initializeUnretained(_ slot: UnsafeMutablePointer<Assignment>, copying assignment: Assignment) {
        // `storage` is the first stored property (StatementRecordTests checks its offset).
        UnsafeMutableRawPointer(slot).storeBytes(
            of: Unmanaged.passUnretained(assignment.storage).toOpaque(), as: UnsafeMutableRawPointer.self)
        slot.pointee.nameStart = assignment.nameStart
        slot.pointee.line = assignment.line
        slot.pointee.column = assignment.column
        slot.pointee.nameLength = assignment.nameLength
        slot.pointee.equalsDelta = assignment.equalsDelta
        slot.pointee.chunkStartDelta = assignment.chunkStartDelta
        slot.pointee.chunkEndDelta = assignment.chunkEndDelta
        slot.pointee.endDelta = assignment.endDelta
        slot.pointee.conditionCount = assignment.conditionCount
    }

    /// ``withValueBytes(_:)`` of the assignment at `assignment`, read through the pointer: calling
    /// the method on `pointer.pointee` made the caller copy the assignment (retaining and
    /// releasing its input) around the call, and the resolver reads the value of every
    /// assignment it evaluates. The input is read without retaining it: the assignment, which
    /// holds it, must stay where it is and unchanged while `body` runs.
    @inlinable
    package static func withValueBytes<R>(
        of assignment: UnsafePointer<Assignment>, _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        let chunkStart = assignment.pointee.chunkStartDelta
        // A continued value is joined, and the general form may have been set: the method reads those.
        guard chunkStart >= 0 else { return assignment.pointee.withValueBytes(body) }
        let start = assignment.pointee.nameStart + Int(chunkStart)
        let end = assignment.pointee.nameStart + Int(assignment.pointee.chunkEndDelta)
        return Unmanaged.passUnretained(assignment.pointee.storage)._withUnsafeGuaranteedRef { source in
            source.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
        }
    }

    /// The value's bytes where they stand in the input, when the value is one chunk of it;
    /// `nil` for a continued value or the general form (``withValueBytes(of:_:)`` reads those).
    ///
    /// For the resolver's compile of every value it evaluates, which took longer calling a
    /// closure than reading the bytes. The input is not retained: the bytes are valid only
    /// while the assignment at `assignment`, which holds it, stays where it is and unchanged.
    @inlinable
    package static func valueBytesInPlace(of assignment: UnsafePointer<Assignment>) -> UnsafeBufferPointer<UInt8>? {
        let chunkStart = assignment.pointee.chunkStartDelta
        guard chunkStart >= 0 else { return nil }
        // The parse made the chunk a range of the input, so neither the sums nor the count can
        // overflow and the input is not empty: wrapping arithmetic, and no range to check
        // (this runs once per value the resolver compiles).
        let start = assignment.pointee.nameStart &+ Int(chunkStart)
        let count = Int(assignment.pointee.chunkEndDelta &- chunkStart)
        return Unmanaged.passUnretained(assignment.pointee.storage)._withUnsafeGuaranteedRef { source in
            source.bytes.withUnsafeBufferPointer {
                UnsafeBufferPointer(start: $0.baseAddress.unsafelyUnwrapped + start, count: count)
            }
        }
    }


    /// ``forEachCondition(_:)`` of the assignment at `assignment`, read through the pointer:
    /// calling the method on `pointer.pointee` made the caller copy the assignment around the
    /// call (the closure could change the memory), and the resolver reads the conditions of
    /// every conditional assignment.
    @inlinable
    package static func forEachCondition(
        of assignment: UnsafePointer<Assignment>,
        _ body: (_ parameter: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        if assignment.pointee.chunkStartDelta == Self.general { return assignment.pointee.forEachCondition(body) }
        XCConfigParser.forEachCondition(
            assignment.pointee.storage, count: Int(assignment.pointee.conditionCount),
            nameEnd: assignment.pointee.nameStart + Int(assignment.pointee.nameLength), body)
    }
}
