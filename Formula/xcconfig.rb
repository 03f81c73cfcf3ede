# Homebrew formula for xcconfig, usable from a tap:
#   brew tap xcconfig/xcconfig https://github.com/xcconfig/xcconfig
#   brew install xcconfig
# Scripts/release.sh VERSION rewrites `url` and `sha256` for the source tarball it makes.
class Xcconfig < Formula
  desc "Read Xcode .xcconfig files and projects exactly as Xcode does"
  homepage "https://github.com/xcconfig/xcconfig"
  url "https://github.com/xcconfig/xcconfig/releases/download/0.1.0/xcconfig-0.1.0-source.tar.gz"
  sha256 "09c3ec5a22d7bfe5fd4c51d2de66de5b9172bfa08c014a3719ccce02b6460fbe"
  license "Apache-2.0"
  head "https://github.com/xcconfig/xcconfig.git", branch: "main"

  depends_on xcode: ["15.0", :build]

  uses_from_macos "swift" => :build

  def install
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "xcconfig"
    bin.install ".build/release/xcconfig"
    generate_completions_from_executable(bin/"xcconfig", "completions")
  end

  test do
    (testpath/"App.xcconfig").write "PRODUCT_NAME = Demo\n"
    assert_equal "Demo", shell_output("#{bin}/xcconfig resolve App.xcconfig --print PRODUCT_NAME").strip
  end
end
