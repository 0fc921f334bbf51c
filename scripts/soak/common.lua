-- Shared by the soak scripts: cycles through the requests, counts answers by class per thread,
-- and prints the counts after wrk's own summary (wrk --latency prints the percentiles).
return function(requests)
  local threads = {}
  function setup(thread) table.insert(threads, thread) end
  function init(args) counter = 0; fivexx = 0; fourxx = 0; ok = 0 end
  function request()
    counter = counter + 1
    return requests[(counter % #requests) + 1]
  end
  function response(status, headers, body)
    if status >= 500 then fivexx = fivexx + 1 elseif status >= 400 then fourxx = fourxx + 1 else ok = ok + 1 end
  end
  function done(summary, latency, requests)
    local f, b, g = 0, 0, 0
    for _, thread in ipairs(threads) do
      f = f + thread:get("fivexx"); b = b + thread:get("fourxx"); g = g + thread:get("ok")
    end
    io.write(string.format("answers: %d 2xx/3xx, %d 4xx, %d 5xx; p99 %.1f ms; %.0f requests/s\n",
      g, b, f, latency:percentile(99) / 1000, summary.requests / (summary.duration / 1e6)))
  end
end
