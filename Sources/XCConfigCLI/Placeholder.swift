import XCConfig
