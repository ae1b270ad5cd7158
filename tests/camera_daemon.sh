#!/bin/sh
# The camera: rendered photos of a Kalah game (tests/render_frame) read
# by 'pitboss camera' and by pitbossd with a folder of frames as the
# camera of a table, alone or checking the drops of a trace. Prints TAP.
. "${top_srcdir:-.}/tests/tap.sh"
PITBOSS="${top_builddir:-.}/pitboss"
PITBOSSD="${top_builddir:-.}/pitbossd"
RENDER="${top_builddir:-.}/tests/render_frame"
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$tmp"' EXIT

if [ ! -x "$RENDER" ]; then
	echo "1..0 # SKIP the camera is not compiled in"
	exit 0
fi
plan 43

# The game: S plays c (an extra turn), then f; N plays A. A hand over the
# board between c and f; the light, the palette and the view change.
mkdir "$tmp/frames"
"$RENDER" "$tmp/empty.jpg" --empty
"$RENDER" "$tmp/frames/f01.jpg" --seed 11 "4 4 4 4 4 4/4 4 4 4 4 4/0 0"
"$RENDER" "$tmp/frames/f02.jpg" --seed 12 --gain 0.85 "4 4 0 5 5 5/4 4 4 4 4 4/1 0"
"$RENDER" "$tmp/frames/f03.jpg" --seed 13 --hand "4 4 0 5 5 5/4 4 4 4 4 4/1 0"
"$RENDER" "$tmp/frames/f04.jpg" --seed 14 --shadow 0.3 --palette 1 "4 4 0 5 5 0/5 5 5 5 4 4/2 0"
"$RENDER" "$tmp/frames/f05.jpg" --seed 15 --palette 2 --shift 2,-1 "4 4 0 5 5 0/0 6 6 6 5 5/2 0"
"$RENDER" "$tmp/moved.jpg" --seed 16 --shift 40,10 "4 4 0 5 5 0/0 6 6 6 5 5/2 0"

out=$("$PITBOSS" camera calibrate --out "$tmp/cal.txt" "$tmp/empty.jpg" 2>&1); rc=$?
expect_match "calibrate finds the 14 places" "$rc: $out" "0: $tmp/cal.txt: 14 places"
if [ -s "$tmp/cal.txt.png" ] && grep -q '^place N store' "$tmp/cal.txt"; then
	ok "and writes the calibration and its overlay"
else
	not_ok "and writes the calibration and its overlay" "$(cat "$tmp/cal.txt")"
fi

out=$("$PITBOSS" camera count --calibration "$tmp/cal.txt" "$tmp/frames/f03.jpg" "$tmp/moved.jpg" 2>&1); rc=$?
expect_match "a hand in view is not read" "$rc: $out" "f03.jpg: unreadable: something over the board"
expect_match "a board that moved is refused" "$out" "moved.jpg: unreadable: the board moved since the calibration"
echo 'not a photo' >"$tmp/text.jpg"
out=$("$PITBOSS" camera count --calibration "$tmp/cal.txt" "$tmp/text.jpg" 2>&1)
expect_eq "a file that is no image is said unreadable, and that alone" "$out" \
	"$tmp/text.jpg: unreadable: $tmp/text.jpg: not an image this build reads"
out=$("$PITBOSS" camera count --empty "$tmp/empty.jpg" --start "$tmp/frames/f01.jpg" "$tmp/frames/f04.jpg" 2>&1)
expect_match "count reads the emptied pits exactly" "$out" "f04.jpg: "
case "$out" in
*"f04.jpg: "[0-9-]*" "[0-9-]*" 0 "*" 0 "*) ok "pits c and f read empty" ;;
*) not_ok "pits c and f read empty" "$out" ;;
esac

out=$("$PITBOSS" camera follow --calibration "$tmp/cal.txt" "$tmp"/frames/*.jpg 2>&1)
expect_match "follow: the start" "$out" "f01.jpg: 0.000 1 start 0 -: kalah"
expect_match "follow: c identified" "$out" "f02.jpg: 1.000 1 accept 1 c: S plays c; moves again"
expect_match "follow: f, after the hand's frame" "$out" "f04.jpg: 3.000 1 accept 2 f: S plays f"
expect_match "follow: A, in another light and palette" "$out" "f05.jpg: 4.000 1 accept 3 A: N plays A"

# A calibration of another board (six pits a row) for a game of four.
out=$("$PITBOSS" camera follow --calibration "$tmp/cal.txt" --options pits=4 \
	"$tmp"/frames/f01.jpg 2>&1); rc=$?
expect_match "a calibration of more places than the game's is refused" "$rc: $out" \
	"1: pitboss: the calibration has 14 places, the game's board 10"

# pitbossd with the folder as the camera of a table.
hash=$(perl -e 'print crypt($ARGV[0], q($6$pitbosstest$))' secret)
cat >"$tmp/camera.conf" <<EOC
database = $tmp/club.db
log-level = info
web.password-hash = $hash
[table 1]
name = Lens
game = kalah
players = Eve, Fay
snapshot-tolerance = 1
snapshot-confirm = yes
source = camera
camera = $tmp/frames
calibration = $tmp/cal.txt
frame-interval-ms = 200
frames = $tmp/kept
EOC
out=$("$PITBOSSD" -t -c "$tmp/camera.conf" 2>&1); rc=$?
expect_match "pitbossd -t takes a camera table" "$rc: $out" "from camera"
sed 's/^game = kalah$/&\noptions = pits=4/' "$tmp/camera.conf" >"$tmp/four.conf"
out=$("$PITBOSSD" -t -c "$tmp/four.conf" 2>&1); rc=$?
expect_match "and refuses one whose calibration is of another board" "$rc: $out" \
	"key 'calibration': the calibration has 14 places, the game's board 10"
start_web "$tmp/log" "$PITBOSSD" -f -c "$tmp/camera.conf" ||
	{ cat "$tmp/log"; exit 1; }
pid=$web_pid
"$PITBOSS" table start Lens --db "$tmp/club.db" --wait 60 >/dev/null
for i in $(seq 300); do
	out=$("$PITBOSS" table status Lens --db "$tmp/club.db")
	case "$out" in *"3 moves"*) break ;; esac
	sleep 0.2
done
expect_match "the daemon referees the game from the frames" "$out" "game 1: Eve v Fay, 3 moves"

# The arbiter's image of the camera: the last frame read with the places
# drawn, a PNG behind the arbiter's login.
base="http://127.0.0.1:$web_port"
board=$(curl -s "$base/api/tables" | sed -n 's/.*"id":\([0-9]*\),"name":"Lens".*/\1/p')
expect_match "the table's state says it has a camera" \
	"$(curl -s "$base/api/tables/$board")" '"camera":true'
code=$(curl -s -o /dev/null -w '%{http_code}' "$base/api/tables/$board/camera.png")
expect_eq "the camera's image is refused without the arbiter's login" "$code" 403
curl -s -c "$tmp/jar" -H 'Content-Type: application/json' \
	-d '{"password":"secret"}' "$base/api/login" >/dev/null
out=$(curl -s -b "$tmp/jar" -o "$tmp/seen.png" -w '%{http_code} %{content_type}' \
	"$base/api/tables/$board/camera.png")
expect_eq "the arbiter gets it as a PNG" "$out" "200 image/png"
expect_eq "the last frame, as kept with its places drawn" \
	"$(head -c 8 "$tmp/seen.png" | od -An -c | tr -d ' ')" '211PNG\r\n032\n'
if cmp -s "$tmp/seen.png" "$tmp/kept/table1-last.png"; then
	ok "the image is the frames folder's last"
else
	not_ok "the image is the frames folder's last" "$(ls -l "$tmp/kept")"
fi
# A kept frame by the file a verdict's evidence names
# (frame=table1-00000002-read.jpg): the arbiter's alone.
frames="$base/api/tables/$board/frames"
code=$(curl -s -o /dev/null -w '%{http_code}' "$frames/2?name=table1-00000002-read.jpg")
expect_eq "a kept frame is refused without the arbiter's login" "$code" 403
out=$(curl -s -b "$tmp/jar" -o "$tmp/frame2.jpg" -w '%{http_code} %{content_type}' \
	"$frames/2?name=table1-00000002-read.jpg")
expect_eq "the arbiter gets it as a JPEG" "$out" "200 image/jpeg"
if cmp -s "$tmp/frame2.jpg" "$tmp/kept/table1-00000002-read.jpg"; then
	ok "the frame kept under that name"
else
	not_ok "the frame kept under that name" "$(ls -l "$tmp/kept")"
fi
code=$(curl -s -b "$tmp/jar" -o /dev/null -w '%{http_code}' \
	"$frames/99999?name=table1-00099999-read.jpg")
expect_eq "a frame not kept is not found" "$code" 404
# That file or none: another table number's frame of the same number
# (the table numbered anew since the game), another number, a name
# the daemon does not write, a path, or no name at all.
cp "$tmp/kept/table1-00000002-read.jpg" "$tmp/kept/table1-00000002-read.jpg.bak"
for q in 2?name=table2-00000002-read.jpg 2?name=table1-00000003-read.jpg \
	2?name=table1-00000002-moved.jpg 2?name=table1-2-read.jpg \
	2?name=table01-00000002-read.jpg 2?name=table1-00000002-read.jpg.bak \
	2?name=..%2Fkept%2Ftable1-00000002-read.jpg \
	2?name=%2Ftable1-00000002-read.jpg 2; do
	code=$(curl -s -b "$tmp/jar" -o /dev/null -w '%{http_code}' "$frames/$q")
	expect_eq "frames/$q is not served" "$code" 404
done
rm -f "$tmp/kept/table1-00000002-read.jpg.bak"
# A kept frame the server cannot read is its fault, not a missing frame.
truncate -s 40M "$tmp/kept/table1-00000002-moved.jpg"
code=$(curl -s -b "$tmp/jar" -o /dev/null -w '%{http_code}' \
	"$frames/2?name=table1-00000002-moved.jpg")
expect_eq "a frame that cannot be read is a server error" "$code" 500
rm -f "$tmp/kept/table1-00000002-moved.jpg"
kill -TERM $pid
wait $pid
pid=

# A board that moved since its calibration: the table is refused at
# start, saying so, with the frame and the places drawn kept.
# The frames folder is the first run's: the new run's frames are
# numbered after its frames, which the records' evidence names.
last=$(ls "$tmp/kept" | sed -n 's/^table1-\([0-9]*\)-read\.jpg$/\1/p' | tail -n 1)
mkdir "$tmp/moved"
cp "$tmp/moved.jpg" "$tmp/moved/f01.jpg"
# Names the daemon does not write do not count in the numbering.
for f in table1-00000050-read.jpg.bak table1-00000060-read.png \
	table01-00000070-read.jpg table1-80-read.jpg; do
	: >"$tmp/kept/$f"
done
sed -e "s|^camera = .*|camera = $tmp/moved|" -e "s|club.db|moved.db|" \
	"$tmp/camera.conf" >"$tmp/moved.conf"
start_web "$tmp/log2" "$PITBOSSD" -f -c "$tmp/moved.conf" ||
	{ cat "$tmp/log2"; exit 1; }
pid=$web_pid
expect_match "a moved board is refused at start" "$(cat "$tmp/log2")" \
	"table 1: the board moved since the calibration"
if ls "$tmp/kept" | grep -q 'moved.jpg$'; then
	ok "and its frame is kept to look at"
else
	not_ok "and its frame is kept to look at" "$(ls "$tmp/kept")"
fi
next=$(printf 'table1-%08d-moved.jpg' $((1${last} - 100000000 + 1)))
if [ -n "$last" ] && [ -f "$tmp/kept/$next" ]; then
	ok "numbered after the frames an earlier run kept"
else
	not_ok "numbered after the frames an earlier run kept" \
		"last $last; $(ls "$tmp/kept")"
fi
kill -TERM $pid 2>/dev/null
wait $pid 2>/dev/null
pid=

# A calibration made from the start photo itself: its seeds do not show
# against it, so their size cannot be learned, and the daemon says so
# rather than read every frame with a seed's size guessed from it.
out=$("$PITBOSS" camera calibrate --out "$tmp/seeds.cal" "$tmp/frames/f01.jpg" 2>&1)
mkdir "$tmp/unlearned"
cp "$tmp/frames/f01.jpg" "$tmp/unlearned/f01.jpg"
sed -e "s|^camera = .*|camera = $tmp/unlearned|" -e "s|club.db|unlearned.db|" \
	-e "s|^calibration = .*|calibration = $tmp/seeds.cal|" \
	"$tmp/camera.conf" >"$tmp/unlearned.conf"
start_web "$tmp/log4" "$PITBOSSD" -f -c "$tmp/unlearned.conf" ||
	{ cat "$tmp/log4"; exit 1; }
pid=$web_pid
for i in $(seq 50); do
	grep -q 'too few seeds' "$tmp/log4" && break
	sleep 0.1
done
expect_match "seeds that do not show against the calibration's photo are said" \
	"$(cat "$tmp/log4")" \
	"table 1: camera: too few seeds show against the empty board to learn their size from"
out=$("$PITBOSS" camera follow --calibration "$tmp/seeds.cal" "$tmp"/frames/f01.jpg 2>&1); rc=$?
expect_match "and follow refuses to start from them" "$rc: $out" \
	"1: pitboss: $tmp/frames/f01.jpg: too few seeds show against the empty board"
kill -TERM $pid
wait $pid
pid=

# Drop gates (a trace of their drops) checked by the camera: S plays c
# and f as the drops read them; the frame after shows pit D with 2 seeds
# where f left 5: a warning about f, its frame in the evidence.
cat >"$tmp/drops.trace" <<EOT
# pitboss-trace 1
# table 1 kalah
0.000 1 start
0.300 1 drop d
0.400 1 drop e
0.500 1 drop f
0.600 1 drop S
1.800 1 drop S
1.900 1 drop A
2.000 1 drop B
2.100 1 drop C
2.200 1 drop D
EOT
mkdir "$tmp/fused"
"$RENDER" "$tmp/fused/f01.jpg" --seed 21 "4 4 4 4 4 4/4 4 4 4 4 4/0 0"
"$RENDER" "$tmp/fused/f02.jpg" --seed 22 "4 4 0 5 5 0/5 5 5 2 4 4/2 0"
cat >"$tmp/fused.conf" <<EOC
database = $tmp/fused.db
log-level = info
[table 1]
name = Gates
game = kalah
players = Gil, Hal
quiet-ms = 500
source = replay
trace = $tmp/drops.trace
check = camera
camera = $tmp/fused
calibration = $tmp/cal.txt
frame-interval-ms = 5000
frames = $tmp/kept2
EOC
out=$("$PITBOSSD" -t -c "$tmp/fused.conf" 2>&1); rc=$?
expect_match "pitbossd -t takes drops checked by a camera" "$rc: $out" \
	"table 1: kalah (standard rules) from replay, checked by camera"
start_web "$tmp/log3" "$PITBOSSD" -f -c "$tmp/fused.conf" ||
	{ cat "$tmp/log3"; exit 1; }
pid=$web_pid
for i in $(seq 300); do
	out=$("$PITBOSS" game show 1 --db "$tmp/fused.db" 2>&1)
	case "$out" in *"disagrees"*) break ;; esac
	sleep 0.2
done
expect_match "the drops' moves are taken" "$out" "record:   c f"
expect_match "the frame after f disagrees: a warning naming f and pit D" \
	"$out" "the board seen disagrees with f as the drops read it: pit D reads 2, expected 5"
expect_match "with the frame in its evidence" "$out" \
	"counts=disagree checked=drops decided=warn frame=table1-"
kill -TERM $pid
wait $pid
pid=
