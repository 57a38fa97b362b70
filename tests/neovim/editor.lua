-- Driven by tests/lsp_neovim.rs: edits a game in real Neovim with the configuration of
-- docs/editors.md, as a user would (omni completion, hover, go to definition, quick fix,
-- formatting, the code lens and running its "render the board here"), then writes the buffer. Steps run in a coroutine that yields to Neovim's
-- event loop while it waits, so that typed keys and the server's answers are processed.
-- Any failure quits with exit code 1 and says why on stderr.

local game = os.getenv("CARCSPEC_TEST_GAME")
local before_format = os.getenv("CARCSPEC_TEST_BEFORE_FORMAT")
local lens_title = os.getenv("CARCSPEC_TEST_LENS_TITLE")
local board_answer = os.getenv("CARCSPEC_TEST_BOARD_ANSWER")
local step = "start"
local co

local function fail(message)
  io.stderr:write("neovim test failed at `" .. step .. "`: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local function wait_until(condition, what)
  local deadline = vim.uv.now() + 30000
  while not condition() do
    if vim.uv.now() > deadline then
      fail("timed out waiting for " .. what)
    end
    vim.defer_fn(function()
      local ok, err = coroutine.resume(co)
      if not ok then fail(tostring(err)) end
    end, 30)
    coroutine.yield()
  end
end

local function line(n)
  return vim.api.nvim_buf_get_lines(0, n - 1, n, true)[1]
end

local function append(text)
  local count = vim.api.nvim_buf_line_count(0)
  vim.api.nvim_buf_set_lines(0, count, count, true, { text })
  return count + 1
end

-- Types `<C-x><C-o>` at the end of line `n` and accepts the first item whose word `pick`
-- accepts; returns that word.
local function complete(n, pick)
  vim.api.nvim_win_set_cursor(0, { n, 0 })
  vim.api.nvim_feedkeys(vim.keycode("A<C-x><C-o>"), "n", false)
  local items = {}
  wait_until(function()
    items = vim.fn.complete_info({ "items" }).items or {}
    return #items > 0
  end, "completion items")
  local chosen
  for index, item in ipairs(items) do
    if pick(item.word) then
      chosen = index
      break
    end
  end
  if not chosen then
    fail("no wanted item among " .. vim.inspect(vim.tbl_map(function(i) return i.word end, items)))
  end
  vim.api.nvim_feedkeys(vim.keycode(string.rep("<C-n>", chosen) .. "<C-y><Esc>"), "n", false)
  wait_until(function() return vim.fn.mode() == "n" end, "leaving insert mode")
  return items[chosen].word
end

local function run()
  vim.opt.completeopt = { "menuone", "noselect" }
  step = "attach"
  vim.cmd.edit(game)
  local buffer = vim.api.nvim_get_current_buf()
  wait_until(function() return #vim.lsp.get_clients({ bufnr = buffer }) > 0 end, "the server")

  step = "diagnostics"
  local unknown
  wait_until(function()
    for _, d in ipairs(vim.diagnostic.get(buffer)) do
      if d.code == "G004" then unknown = d end
    end
    return unknown ~= nil
  end, "G004 on the mistyped tile id")

  step = "quick fix"
  vim.api.nvim_win_set_cursor(0, { unknown.lnum + 1, unknown.col })
  local broken = line(unknown.lnum + 1)
  vim.lsp.buf.code_action({
    apply = true,
    filter = function(action) return action.isPreferred end,
  })
  wait_until(function() return line(unknown.lnum + 1) ~= broken end, "the fix applied")
  if line(unknown.lnum + 1) ~= "draw BA/C" then fail("fixed to " .. line(unknown.lnum + 1)) end

  step = "complete a placement"
  -- Typed up to `-`, where Neovim's own word would end.
  local n = append("place at 0,-")
  local placed = complete(n, function(word) return word:sub(1, 3) == "0,-" end)
  if line(n) ~= "place at " .. placed then fail("the line reads " .. line(n)) end

  step = "complete a tile id"
  append("  pass")
  append("turn   blue")
  n = append("draw BA/")
  local drawn = complete(n, function(word) return word == "BA/C" end)
  if line(n) ~= "draw " .. drawn then fail("the line reads " .. line(n)) end

  step = "code lens"
  vim.lsp.codelens.refresh({ bufnr = buffer })
  local title
  wait_until(function()
    for _, lens in ipairs(vim.lsp.codelens.get(buffer)) do
      local command = lens.command
      if lens.range.start.line == n - 1 and command and command.title:find("legal placement", 1, true) then
        title = command.title
      end
    end
    return title ~= nil
  end, "the code lens on the second draw")
  vim.fn.writefile({ title }, lens_title)

  step = "render the board here"
  -- The lens on the first `turn` line, run as a user does (`vim.lsp.codelens.run()` on its
  -- line); the server's answer to the command it sends is kept on its way to Neovim's handler.
  local turn_line
  for at, text in ipairs(vim.api.nvim_buf_get_lines(buffer, 0, -1, true)) do
    if text == "turn red" then
      turn_line = at
      break
    end
  end
  if not turn_line then fail("no `turn red` line") end
  local rendered
  local execute_handler = vim.lsp.handlers["workspace/executeCommand"]
  vim.lsp.handlers["workspace/executeCommand"] = function(err, result, ctx, config)
    rendered = { err = err, result = result }
    if execute_handler then return execute_handler(err, result, ctx, config) end
  end
  vim.api.nvim_win_set_cursor(0, { turn_line, 0 })
  vim.lsp.codelens.run()
  wait_until(function() return rendered ~= nil end, "the answer of the render lens")
  vim.lsp.handlers["workspace/executeCommand"] = execute_handler
  if rendered.err then fail("the render lens failed: " .. vim.inspect(rendered.err)) end
  if type(rendered.result) ~= "table" or type(rendered.result.path) ~= "string" then
    fail("the render lens answered " .. vim.inspect(rendered.result))
  end
  vim.fn.writefile({ rendered.result.path }, board_answer)

  vim.api.nvim_win_set_cursor(0, { n, 6 })
  vim.lsp.buf.hover()
  local float
  wait_until(function()
    for _, win in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(win).relative ~= "" then float = win end
    end
    return float ~= nil
  end, "the hover window")
  local shown = table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(float), 0, -1, false), "\n")
  if not shown:find("BA/C", 1, true) or not shown:find("sides N E S W", 1, true) then
    fail("the hover shows " .. shown)
  end
  if shown:find("data:image", 1, true) then fail("the hover shows a picture's address") end
  vim.api.nvim_win_close(float, true)

  step = "definition"
  vim.api.nvim_set_current_win(vim.fn.win_getid(1))
  vim.api.nvim_win_set_cursor(0, { n, 6 })
  vim.lsp.buf.definition()
  wait_until(function() return vim.api.nvim_get_current_buf() ~= buffer end, "the jump")
  local target = vim.api.nvim_buf_get_name(0)
  if not target:match("carcassonne%-base%.tiles$") then fail("jumped to " .. target) end
  if not vim.api.nvim_get_current_line():find("BA/C", 1, true) then
    fail("the line jumped to reads " .. vim.api.nvim_get_current_line())
  end
  vim.api.nvim_set_current_buf(buffer)

  step = "format"
  vim.fn.writefile(vim.api.nvim_buf_get_lines(buffer, 0, -1, true), before_format)
  vim.lsp.buf.format({ bufnr = buffer, timeout_ms = 10000 })
  vim.cmd.write()
  vim.cmd("qall!")
end

co = coroutine.create(function()
  local ok, err = pcall(run)
  if not ok then fail(tostring(err)) end
end)
local ok, err = coroutine.resume(co)
if not ok then fail(tostring(err)) end
