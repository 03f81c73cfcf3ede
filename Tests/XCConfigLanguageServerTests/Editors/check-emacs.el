;;; Drives `xcconfig lsp` through Emacs's eglot with the README's configuration.
;;; Run by EditorConfigurationTests: emacs --batch -Q -l <README block> -l check-emacs.el
;;; with XCCONFIG_EDITOR_FILE naming the file to open. Prints what the editor received.
(require 'eglot)
(find-file (getenv "XCCONFIG_EDITOR_FILE"))
(message "mode: %s" major-mode)
;; `eglot-ensure' waits for a command loop that batch mode does not run; start it directly.
(apply #'eglot (eglot--guess-contact))
(let ((deadline (+ (float-time) 30)))
  (while (and (< (float-time) deadline) (null (flymake-diagnostics)))
    (accept-process-output nil 0.1)))
(dolist (diagnostic (flymake-diagnostics))
  (message "diagnostic: line %d: %s"
           (line-number-at-pos (flymake-diagnostic-beg diagnostic)) (flymake-diagnostic-text diagnostic)))
(goto-char (point-min))
(forward-line 3)
(search-forward "$(M")
(let ((hover (jsonrpc-request (eglot-current-server) :textDocument/hover (eglot--TextDocumentPositionParams))))
  (message "hover: %s" (car (split-string (plist-get (plist-get hover :contents) :value) "\n"))))
(let ((locations (jsonrpc-request (eglot-current-server) :textDocument/definition (eglot--TextDocumentPositionParams))))
  (dolist (location (if (vectorp locations) (append locations nil) (list locations)))
    (message "definition: line %d" (1+ (plist-get (plist-get (plist-get location :range) :start) :line)))))
(let* ((completion (jsonrpc-request (eglot-current-server) :textDocument/completion
                                    (list :textDocument (eglot--TextDocumentIdentifier)
                                          :position (list :line 0 :character 10))))
       (items (if (vectorp completion) completion (plist-get completion :items))))
  (message "completion: %s" (mapconcat (lambda (item) (plist-get item :label)) items " ")))
(eglot-shutdown (eglot-current-server))
(message "done")
