// The `xcconfig` executable: the real process around `CommandLineTool`, nothing else.
//
// No Foundation here or in any module linked in: loading it costs milliseconds at every start.
//
// The tool runs on a thread with a large stack (System/Worker.swift).

Worker.runAndExit()
