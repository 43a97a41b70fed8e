#!/usr/bin/env bash
# The README's quick start as a script: a Second Era game with two gods, one turn, over plain HTTP.
# Usage: ADMIN=<admin token> examples/quickstart.sh   (with `pantheon serve` running)
set -euo pipefail
API=${PANTHEON:-http://127.0.0.1:8000}
: "${ADMIN:?set ADMIN to the admin token printed by pantheon serve}"
json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }

# 1. Create a game from the sample scenario; the response holds the GM token, shown once.
GAME=$(curl -sf -X POST "$API/v1/games" -H "Authorization: Bearer $ADMIN" -H 'Content-Type: application/json' \
  -d "{\"ruleset\": \"second-era\", \"name\": \"Quick start\", \"scenario\": $(cat examples/scenarios/second-era-four-gods.json)}")
ID=$(echo "$GAME" | json "['game_id']"); GM=$(echo "$GAME" | json "['gm_token']")
echo "game $ID"

# 2. Seats for two gods; each token is shown once.
SUNNA=$(curl -sf -X POST "$API/v1/games/$ID/seats" -H "Authorization: Bearer $GM" -H 'Content-Type: application/json' \
  -d '{"name": "Alice", "role": "player", "controls": "sunna"}' | json "['token']")
NERTH=$(curl -sf -X POST "$API/v1/games/$ID/seats" -H "Authorization: Bearer $GM" -H 'Content-Type: application/json' \
  -d '{"name": "Bob", "role": "bot", "controls": "nerth"}' | json "['token']")

# 3. The GM starts the game: turn 1, orders phase, with its deadline.
curl -sf -X POST "$API/v1/games/$ID/commands" -H "Authorization: Bearer $GM" -H 'Content-Type: application/json' \
  -d '{"type": "StartGame"}' | json "['version']"

# 4. What may Sunna's player do now? (names and JSON Schemas, for bots)
curl -sf "$API/v1/games/$ID/commands/available" -H "Authorization: Bearer $SUNNA" | json "['commands'][0]['type']"

# 5. A sealed order, safe to retry with its Idempotency-Key.
curl -sf -X POST "$API/v1/games/$ID/commands" -H "Authorization: Bearer $SUNNA" -H 'Content-Type: application/json' \
  -H 'Idempotency-Key: sunna-turn1-grow' -d '{"type": "GrowTribe", "role": "farmer"}' | json "['status']"

# 6. A refused order is a problem with a stable code.
curl -s -X POST "$API/v1/games/$ID/commands" -H "Authorization: Bearer $NERTH" -H 'Content-Type: application/json' \
  -d '{"type": "GrowTribe", "role": "no-such-role"}' | json "['code']"

# 7. The GM closes the orders phase: the turn resolves and turn 2 opens.
curl -sf -X POST "$API/v1/games/$ID/commands" -H "Authorization: Bearer $GM" -H 'Content-Type: application/json' \
  -d '{"type": "AdvancePhase"}' | json "['version']"

# 8. Each god reads its own turn report; Bob never sees Sunna's sealed order or stockpile.
curl -sf "$API/v1/games/$ID/turns/1" -H "Authorization: Bearer $SUNNA" | json "['turn']"
curl -sf "$API/v1/games/$ID/state" -H "Authorization: Bearer $NERTH" | json "['game']['turn']"
curl -sf "$API/v1/games/$ID/state?at_turn=1" -H "Authorization: Bearer $NERTH" | json "['version']"
