extension PropertyListValue {
    /// Reads a property list in either format: binary (`bplist00`) or XML.
    ///
    /// - Throws: `PropertyListError` from `BinaryPropertyList.parse` or `XMLPropertyList.parse`.
    package init(parsing bytes: [UInt8]) throws(PropertyListError) {
        self = BinaryPropertyList.isBinary(bytes) ? try BinaryPropertyList.parse(bytes) : try XMLPropertyList.parse(bytes)
    }
}
