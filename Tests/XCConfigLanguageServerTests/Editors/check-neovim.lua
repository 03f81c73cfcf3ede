-- Drives `xcconfig lsp` through Neovim's built-in client with the README's configuration.
-- Run by EditorConfigurationTests: nvim --headless --clean -u <README block> -l check-neovim.lua
-- with XCCONFIG_EDITOR_FILE naming the file to open. Prints what the editor received.
vim.cmd.edit(vim.fn.fnameescape(os.getenv("XCCONFIG_EDITOR_FILE")))
local buffer = vim.api.nvim_get_current_buf()
print("filetype: " .. vim.bo.filetype)
vim.wait(30000, function() return #vim.diagnostic.get(buffer) > 0 end, 50)
for _, diagnostic in ipairs(vim.diagnostic.get(buffer)) do
  print(("diagnostic: line %d: %s"):format(diagnostic.lnum + 1, diagnostic.message))
end
local client = vim.lsp.get_clients({ bufnr = buffer })[1]
local line = vim.api.nvim_buf_get_lines(buffer, 3, 4, false)[1]
local responses = vim.lsp.buf_request_sync(buffer, "textDocument/hover", {
  textDocument = { uri = vim.uri_from_bufnr(buffer) },
  position = { line = 3, character = line:find("$(M", 1, true) + 2 },
}, 10000)
for _, response in pairs(responses or {}) do
  if response.result then print("hover: " .. vim.split(response.result.contents.value, "\n")[1]) end
end
local position = { line = 3, character = line:find("$(M", 1, true) + 2 }
local definitions = vim.lsp.buf_request_sync(buffer, "textDocument/definition",
  { textDocument = { uri = vim.uri_from_bufnr(buffer) }, position = position }, 10000)
for _, response in pairs(definitions or {}) do
  local result = response.result or {}
  for _, location in ipairs(result.range and { result } or result) do
    print(("definition: line %d"):format(location.range.start.line + 1))
  end
end
local completions = vim.lsp.buf_request_sync(buffer, "textDocument/completion",
  { textDocument = { uri = vim.uri_from_bufnr(buffer) }, position = { line = 0, character = 10 } }, 10000)
for _, response in pairs(completions or {}) do
  local items = response.result and (response.result.items or response.result) or {}
  local labels = {}
  for index = 1, #items do labels[#labels + 1] = items[index].label end
  print("completion: " .. table.concat(labels, " "))
end
if client then
  client:stop()
  vim.wait(5000, function() return client:is_stopped() end, 50)
end
print("done")
