"""UI strings of the table pages in each table language, and problem messages by code.

The engine's problems carry English messages; a page in another language
shows the problem's item (from its path) and a translation chosen by the
problem's `code`, falling back to the engine's English message.
"""

from __future__ import annotations

import re

LANGUAGES = {"en": "English", "ja": "日本語"}
DEFAULT = "en"

EN = {
    "start_table": "Start a table", "start_title": "Start a table", "start_intro":
        "Enter who plays and what the round board shows. Everyone then opens the table's link or scans its QR "
        "code and enters their own sheet on their own phone.",
    "language": "Language", "city": "City", "change_city": "Use this city", "level": "Level",
    "level_simplified": "Simplified (no cafes, no goals)", "level_intermediate": "Intermediate (no goal cards)",
    "level_full": "Full game",
    "players": "Players", "player_n": "Player {n}", "name": "Name", "colour": "Colour",
    "player_board": "Player board", "deal_random": "Random",
    "colour_red": "red", "colour_blue": "blue", "colour_green": "green", "colour_yellow": "yellow",
    "colour_purple": "purple", "colour_orange": "orange", "colour_black": "black", "colour_white": "white",
    "ratings": "Iconic ratings (round board)", "ratings_hint": "Upgrade boxes marked per grey landmark.",
    "goals": "Goal cards", "goals_hint": "Full game only. Pick a card or describe it.",
    "goal_deck": "Goal {deck}", "goal_none": "No card", "goal_describe": "Describe a card…",
    "goal_unnamed": "Goal {deck}", "goal_name": "Card name", "metric": "Counts", "sign": "Needs",
    "threshold": "Requirement", "winner_pp": "Winner PP", "achiever_pp": "Achiever PP",
    "no_catalogue": "No example cards are installed; describe each card.",
    "metric_route_length": "sections in the final route", "metric_turns": "turns along the route",
    "metric_longest_straight": "longest straight run", "metric_landmarks_on_route": "landmarks on the route",
    "metric_tourists_on_route": "tourists on the route",
    "metric_empty_locations_on_route": "empty locations on the route", "metric_manual": "counted by hand",
    "create": "Start the table", "form_has_errors": "Please fix the marked fields.",
    "err_no_players": "Enter at least one player's name.", "err_name_long": "At most 40 characters.",
    "err_name_twice": "{name} is already a player.", "err_colour_twice": "Another player has this colour.",
    "err_board_twice": "Player board {n} is taken twice.",
    "err_boards_short": "Not enough player boards left to deal.", "err_whole_number": "Enter a whole number.",
    "err_csrf": "The form expired or came from elsewhere; nothing was lost, please send it again.",
    "table": "Table", "table_title": "{city} · {level}", "join_hint": "Other phones join by scanning this code:",
    "table_link": "Table link", "qr_alt": "QR code of the table link",
    "sheet_status_empty": "not entered yet", "sheet_status_ok": "entered, no problems",
    "sheet_status_problems": "{errors} errors, {warnings} warnings", "enter_sheet": "Enter sheet",
    "score_sheet": "Score sheet", "printed_kit": "Printed kit",
    "maps_pdf": "Blank maps (PDF)", "scorepad_pdf": "Score pad (PDF)", "save_language": "Change language",
    "printables_missing": "The printable kit is not available on this server yet.",
    "printables_failed": "The printable kit could not be made: {error}",
    "sheet_title": "{name}'s sheet", "tool": "Tool", "tool_roads": "Roads", "tool_tourists": "Tourists",
    "tool_cafes": "Cafes", "tool_goal": "Goal", "tool_route": "Route",
    "hint_roads": "Tap a road to draw or erase a section.",
    "hint_tourists": "Tap a location, then set its tourists.",
    "hint_cafes": "Tap a cafe: none → circled → struck.",
    "hint_goal": "Tap the three intersections of your personal goal.",
    "hint_route": "Tap your final route's sections in order. Tap the last one again to undo.",
    "tourists_at": "Tourists at {where}", "done": "Done",
    "route_choice": "Final route", "route_best": "Let the companion choose the best",
    "route_own": "I trace my own", "route_clear": "Clear route",
    "goal_full": "Three points are circled; tap one to remove it.",
    "route_not_connected": "That section does not join the end of your route.",
    "route_not_drawn": "Draw that section first (Roads).",
    "manual_values": "Goal results counted by hand", "save": "Save and check", "saved": "Saved.",
    "problems": "Problems", "no_problems": "No problems found.", "warning": "warning", "error": "error",
    "sheet_text": "Sheet as text (enroute-sheet/1)", "import": "Import a sheet",
    "import_hint": "Paste an enroute-sheet/1 document or choose a file; it replaces this player's sheet.",
    "import_button": "Import", "download_sheet": "Download this sheet (JSON)",
    "bad_json": "This is not a readable sheet: {error}. Nothing was saved; your text is kept below.",
    "not_an_object": "A sheet is a JSON object like {\"format\": \"enroute-sheet/1\", ...}; nothing was saved.",
    "import_empty": "Paste a sheet or choose a file to import.",
    "conflict": "Someone else saved this sheet meanwhile (version {theirs}). Yours was not saved and is shown "
                "below. Saving again replaces theirs; reload to see theirs.",
    "conflict_changes": "What the other save changed:", "reload": "Load the saved sheet",
    "change_sections_added": "{n} section(s) drawn", "change_sections_removed": "{n} section(s) erased",
    "change_tourists": "tourists at {where}", "change_cafes": "cafes", "change_goal": "personal goal points",
    "change_route": "final route", "change_player_board": "player board", "change_goal_values": "goal results",
    "back_to_table": "Back to the table", "not_found": "This table does not exist. Check the link.",
    "score_title": "Score sheet", "total": "Total", "rank": "Rank", "row": "Row",
    "not_scored": "not scored: fix the sheet", "not_entered": "(sheet not entered yet)",
    "not_proven": "not proven best: the search stopped at its time limit",
    "route_by_companion": "Route chosen by the companion", "route_by_player": "Route traced by the player",
    "your_route_vs_best": "Your route {yours} PP, best possible {best} PP",
    "best_route_shown": "The better route:", "own_is_best": "Your route is as good as the best possible.",
    "tiebreak_decided": "{a} ranks ahead of {b} on equal totals: {what} ({va} vs {vb}).",
    "tiebreak_shared": "{names} share rank {rank}: every tie-break value is equal.",
    "tb_route_length": "longer final route", "tb_tourists": "more tourists on the route",
    "tb_landmarks": "more landmarks on the route",
    "legend": "Thick: final route. Dashed: erased sections. Struck: erased tourists.",
    "tiebreak_note": "Ties: the longest final route wins, then the most tourists on it, then the most "
                     "landmarks on it; otherwise the victory is shared.",
    "item_sections": "Section {n}", "item_tourists": "Tourist entry {n}", "item_cafes": "Cafe {n}",
    "item_final_route": "Route step {n}", "item_personal_goal": "Goal point {n}",
    "show_on_map": "show on map", "game_json": "Whole game (enroute-game/1)",
    "bad_table_value": "That value is not one of the choices.",
    "version_label": "version {v}", "home_start": "Score a finished game with your table: start a table.",
}

JA = {
    "start_table": "テーブルを始める", "start_title": "テーブルを始める", "start_intro":
        "プレイヤーとラウンドボードの状態を入力します。そのあと各自がテーブルのリンクを開くかQRコードを読み取り、"
        "自分のスマホで自分のシートを入力します。",
    "language": "言語", "city": "都市", "change_city": "この都市にする", "level": "レベル",
    "level_simplified": "簡易（カフェ・目標なし）", "level_intermediate": "中級（目標カードなし）",
    "level_full": "フルゲーム",
    "players": "プレイヤー", "player_n": "プレイヤー{n}", "name": "名前", "colour": "色",
    "player_board": "プレイヤーボード", "deal_random": "ランダム",
    "colour_red": "赤", "colour_blue": "青", "colour_green": "緑", "colour_yellow": "黄",
    "colour_purple": "紫", "colour_orange": "橙", "colour_black": "黒", "colour_white": "白",
    "ratings": "アイコン評価（ラウンドボード）",
    "ratings_hint": "灰色ランドマークごとの印をつけたアップグレード枠の数。",
    "goals": "目標カード", "goals_hint": "フルゲームのみ。カードを選ぶか内容を入力します。",
    "goal_deck": "目標{deck}", "goal_none": "カードなし", "goal_describe": "カードの内容を入力…",
    "goal_unnamed": "目標{deck}", "goal_name": "カード名", "metric": "数えるもの", "sign": "条件",
    "threshold": "必要数", "winner_pp": "勝者PP", "achiever_pp": "達成PP",
    "no_catalogue": "カード例が入っていません。各カードの内容を入力してください。",
    "metric_route_length": "最終ルートの区間数", "metric_turns": "ルートの曲がり角",
    "metric_longest_straight": "最長の直線", "metric_landmarks_on_route": "ルート上のランドマーク",
    "metric_tourists_on_route": "ルート上の観光客", "metric_empty_locations_on_route": "ルート上の空きロケーション",
    "metric_manual": "手で数える",
    "create": "テーブルを始める", "form_has_errors": "印のついた項目を直してください。",
    "err_no_players": "プレイヤーの名前を1人以上入力してください。", "err_name_long": "40文字までです。",
    "err_name_twice": "{name}はすでにいます。", "err_colour_twice": "ほかのプレイヤーがこの色です。",
    "err_board_twice": "プレイヤーボード{n}が重複しています。",
    "err_boards_short": "配るプレイヤーボードが足りません。", "err_whole_number": "整数を入力してください。",
    "err_csrf": "フォームの有効期限が切れました。入力は残っています。もう一度送信してください。",
    "table": "テーブル", "table_title": "{city}・{level}",
    "join_hint": "ほかのスマホはこのコードを読み取って参加します：",
    "table_link": "テーブルのリンク", "qr_alt": "テーブルのリンクのQRコード",
    "sheet_status_empty": "未入力", "sheet_status_ok": "入力済み・問題なし",
    "sheet_status_problems": "エラー{errors}件・警告{warnings}件", "enter_sheet": "シートを入力",
    "score_sheet": "得点表", "printed_kit": "印刷用キット",
    "maps_pdf": "白地図（PDF）", "scorepad_pdf": "得点記録用紙（PDF）", "save_language": "言語を変える",
    "printables_missing": "このサーバーでは印刷用キットはまだ使えません。",
    "printables_failed": "印刷用キットを作れませんでした：{error}",
    "sheet_title": "{name}のシート", "tool": "道具", "tool_roads": "道路", "tool_tourists": "観光客",
    "tool_cafes": "カフェ", "tool_goal": "個人目標", "tool_route": "ルート",
    "hint_roads": "道路をタップして区間を引く・消す。",
    "hint_tourists": "ロケーションをタップして観光客を設定。",
    "hint_cafes": "カフェをタップ：なし → 丸 → 斜線。",
    "hint_goal": "個人目標の3つの交差点をタップ。",
    "hint_route": "最終ルートの区間を順にタップ。最後の区間をもう一度タップで取り消し。",
    "tourists_at": "{where}の観光客", "done": "完了",
    "route_choice": "最終ルート", "route_best": "コンパニオンに最良のルートを選ばせる",
    "route_own": "自分でたどる", "route_clear": "ルートを消す",
    "goal_full": "3つとも丸がついています。外すものをタップしてください。",
    "route_not_connected": "その区間はルートの端につながっていません。",
    "route_not_drawn": "先にその区間を引いてください（道路）。",
    "manual_values": "手で数えた目標の結果", "save": "保存してチェック", "saved": "保存しました。",
    "problems": "問題", "no_problems": "問題はありません。", "warning": "警告", "error": "エラー",
    "sheet_text": "テキストのシート（enroute-sheet/1）", "import": "シートを読み込む",
    "import_hint": "enroute-sheet/1 の文書を貼り付けるかファイルを選びます。このプレイヤーのシートを置き換えます。",
    "import_button": "読み込む", "download_sheet": "このシートをダウンロード（JSON）",
    "bad_json": "読めないシートです：{error}。保存していません。入力した文字は下に残っています。",
    "not_an_object": "シートは {\"format\": \"enroute-sheet/1\", ...} のようなJSONオブジェクトです。保存していません。",
    "import_empty": "読み込むシートを貼り付けるかファイルを選んでください。",
    "conflict": "その間にほかの人がこのシートを保存しました（版{theirs}）。あなたの入力は保存されず、"
            "下に表示しています。"
                "もう一度保存すると相手の分を置き換えます。相手の分を見るには読み込み直してください。",
    "conflict_changes": "ほかの保存で変わったところ：", "reload": "保存済みのシートを読み込む",
    "change_sections_added": "{n}区間を追加", "change_sections_removed": "{n}区間を削除",
    "change_tourists": "{where}の観光客", "change_cafes": "カフェ", "change_goal": "個人目標の交差点",
    "change_route": "最終ルート", "change_player_board": "プレイヤーボード", "change_goal_values": "目標の結果",
    "back_to_table": "テーブルに戻る", "not_found": "このテーブルはありません。リンクを確かめてください。",
    "score_title": "得点表", "total": "合計", "rank": "順位", "row": "行",
    "not_scored": "未採点：シートを直してください", "not_entered": "（シート未入力）",
    "not_proven": "最良とは証明されていません：探索が時間切れで止まりました",
    "route_by_companion": "コンパニオンが選んだルート", "route_by_player": "プレイヤーがたどったルート",
    "your_route_vs_best": "あなたのルート {yours} PP、最良 {best} PP",
    "best_route_shown": "よりよいルート：", "own_is_best": "あなたのルートは最良と同じ得点です。",
    "tiebreak_decided": "合計が同じため{what}で{a}が{b}より上位です（{va} 対 {vb}）。",
    "tiebreak_shared": "{names}は{rank}位を分け合います：タイブレークの値がすべて同じです。",
    "tb_route_length": "最終ルートが長い", "tb_tourists": "ルート上の観光客が多い",
    "tb_landmarks": "ルート上のランドマークが多い",
    "legend": "太線：最終ルート。破線：消した区間。斜線：消した観光客。",
    "tiebreak_note": "同点のとき：最終ルートが長い人、次にルート上の観光客が多い人、"
            "次にルート上のランドマークが多い人が勝ち。"
                     "それでも同じなら勝利を分け合います。",
    "item_sections": "区間{n}", "item_tourists": "観光客の記入{n}", "item_cafes": "カフェ{n}",
    "item_final_route": "ルートの{n}歩目", "item_personal_goal": "目標の交差点{n}",
    "show_on_map": "地図で見る", "game_json": "ゲーム全体（enroute-game/1）",
    "bad_table_value": "選択肢にない値です。",
    "row_red": "赤のランドマーク", "row_green": "緑のランドマーク", "row_blue": "青のランドマーク",
    "row_purple": "紫のランドマーク", "row_yellow": "黄のランドマーク", "row_grey": "灰色のランドマーク",
    "row_cafes": "未使用のカフェボーナス", "row_personal_goal": "個人目標",
    "row_goal_A": "目標A", "row_goal_B": "目標B", "row_goal_C": "目標C",
    "version_label": "版{v}", "home_start": "遊び終えたゲームをテーブルで採点：テーブルを始める。",
    # Engine problems by code (the map highlight shows where).
    "problem_not-a-road": "道路のないところに区間があります。", "problem_bad-section": "区間の形が正しくありません。",
    "problem_duplicate-section": "同じ区間が2回引かれています。",
    "problem_intersection-off-map": "交差点が地図の外です。",
    "problem_location-off-map": "ロケーションが地図の外です。",
    "problem_route-not-a-road": "ルートが道路1区間でつながっていません。",
    "problem_route-not-drawn": "ルートに引いていない区間が含まれています。",
    "problem_route-reuses-section": "ルートが同じ区間を2回通っています。",
    "problem_empty-route": "最終ルートに区間がありません。0点です。",
    "problem_duplicate-location": "同じロケーションが2回記入されています。",
    "problem_bad-number": "数が正しくありません。", "problem_bad-tourist-count": "観光客の数が正しくありません。",
    "problem_no-tourists": "観光客のいない記入です。",
    "problem_too-many-locations": "観光客が10を超えるロケーションに記入されています（1ラウンド1か所、最大10）。",
    "problem_few-locations": "観光客の記入が10か所未満です。抜けがないか確かめてください。",
    "problem_purple-not-used": "この都市に紫のランドマークはありません。紫の観光客は得点になりません。",
    "problem_bad-cafe-state": "カフェの状態が正しくありません。", "problem_not-a-cafe": "そこにカフェはありません。",
    "problem_duplicate-cafe": "同じカフェが2回記入されています。",
    "problem_cafe-not-reached": "丸をつけたカフェに区間が届いていません。",
    "problem_cafe-not-circled": "区間が届いたカフェに丸がありません（未使用なら2PP）。",
    "problem_cafes-not-used": "簡易ゲームではカフェは使いません。",
    "problem_no-personal-goal": "個人目標の交差点がありません。8行目は0点です。",
    "problem_personal-goal-not-used": "簡易ゲームには個人目標はありません。",
    "problem_bad-personal-goal": "個人目標は異なる3つの交差点です。",
    "problem_unknown-goal": "手で数える目標ではありません。",
    "problem_missing-goal-value": "手で数える目標の結果がありません。",
    "problem_too-many-sections": "ラウンド数で引ける数より多くの区間があります。",
    "problem_unknown-player-board": "この都市にないプレイヤーボードです。",
    "problem_bad-player-name": "プレイヤー名は1〜40文字です。",
    "problem_unknown-key": "知らない項目があります。", "problem_missing-key": "必要な項目がありません。",
    "problem_wrong-format": "形式が enroute-sheet/1 ではありません。", "problem_not-a-list": "リストが必要です。",
    "problem_not-an-object": "オブジェクトが必要です。", "problem_duplicate-player": "同じ名前のプレイヤーがいます。",
    "problem_achiever-above-winner": "達成PPは勝者PPより大きくできません。",
}

STRINGS = {"en": EN, "ja": JA}
_ITEM = re.compile(r"^(?:players\[\d+\]\.)?(sections|tourists|cafes|final_route|personal_goal)\[(\d+)\]")


def lang_or_default(lang: str | None) -> str:
    """Return a supported language code."""
    return lang if lang in STRINGS else DEFAULT


def t(key: str, lang: str | None = DEFAULT, default: str | None = None, **params) -> str:
    """Translate a UI string key; fall back to English, then to `default`, then to the key."""
    text = STRINGS[lang_or_default(lang)].get(key) or EN.get(key) or default or key
    try:
        return text.format(**params) if params else text
    except (KeyError, IndexError, ValueError):
        return text


def problem_item(path: str, lang: str) -> str:
    """Name the item a problem's path points at ("Section 5"), or an empty string."""
    match = _ITEM.match(path or "")
    if not match:
        return ""
    return t(f"item_{match.group(1)}", lang, n=int(match.group(2)) + 1)


def problem_text(code: str, path: str, message: str, lang: str) -> str:
    """Return a problem's message in the table's language, led by the item it concerns."""
    if lang_or_default(lang) == "en":
        text = message  # the engine's English message already names what and where
    else:
        text = STRINGS[lang].get(f"problem_{code}") or message
    item = problem_item(path, lang)
    return f"{item}: {text}" if item else text
