BEGIN TRANSACTION;
CREATE TABLE game_table (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    board_id TEXT NOT NULL,
    board_doc TEXT NOT NULL,
    level TEXT NOT NULL,
    lang TEXT NOT NULL DEFAULT 'en',
    ratings TEXT NOT NULL,
    goals TEXT NOT NULL
);
INSERT INTO "game_table" VALUES('j4ArzrqXQTyQDqC2yKcj0A','2026-11-23T12:45:09+00:00','training-city','{"format": "enroute-board/1", "id": "training-city", "name": "Training City", "size": [6, 6], "player_boards": [{"number": 1, "columns": [1, 2, 3, 4, 5, 6], "rows": [1, 2, 3, 4, 5, 6]}, {"number": 2, "columns": [4, 6, 2, 1, 5, 3], "rows": [2, 5, 1, 6, 3, 4]}, {"number": 3, "columns": [6, 3, 5, 2, 4, 1], "rows": [5, 1, 4, 2, 6, 3]}, {"number": 4, "columns": [2, 5, 1, 3, 6, 4], "rows": [3, 6, 2, 5, 1, 4]}], "landmarks": [{"id": "illusion-pottery-school", "name": "Illusion and Pottery School", "kind": "grey", "locations": [[2, 2]]}, {"id": "skywatcher-observatory", "name": "Skywatcher Observatory", "kind": "grey", "locations": [[5, 3]]}, {"id": "tv-tower", "name": "TV Tower", "kind": "grey", "locations": [[4, 5]]}, {"id": "market-hall", "name": "Market Hall", "kind": "red", "locations": [[3, 1]]}, {"id": "fairground", "name": "Fairground", "kind": "red", "locations": [[1, 3]]}, {"id": "sports-arena", "name": "Sports Arena", "kind": "red", "locations": [[6, 3]]}, {"id": "sunset-beach", "name": "Sunset Beach", "kind": "red", "locations": [[4, 4]]}, {"id": "linden-park", "name": "Linden Park", "kind": "green", "locations": [[1, 1]]}, {"id": "botanic-garden", "name": "Botanic Garden", "kind": "green", "locations": [[5, 2]]}, {"id": "rose-garden", "name": "Rose Garden", "kind": "green", "locations": [[2, 4]]}, {"id": "willow-park", "name": "Willow Park", "kind": "green", "locations": [[6, 5]]}, {"id": "art-gallery", "name": "Art Gallery", "kind": "blue", "locations": [[6, 1]]}, {"id": "city-museum", "name": "City Museum", "kind": "blue", "locations": [[4, 2]]}, {"id": "puppet-theatre", "name": "Puppet Theatre", "kind": "blue", "locations": [[1, 4]]}, {"id": "music-hall", "name": "Music Hall", "kind": "blue", "locations": [[3, 5]]}, {"id": "town-hall", "name": "Town Hall", "kind": "yellow", "pp": 6, "locations": [[4, 1]]}, {"id": "clock-square", "name": "Clock Square", "kind": "yellow", "pp": 6, "locations": [[3, 3]]}, {"id": "old-mill", "name": "Old Mill", "kind": "yellow", "pp": 4, "locations": [[6, 4]]}, {"id": "cathedral", "name": "Cathedral", "kind": "yellow", "pp": 6, "locations": [[2, 5]]}, {"id": "city-zoo", "name": "City Zoo", "kind": "yellow", "pp": 3, "locations": [[5, 6]]}], "ratings": {"illusion-pottery-school": [4, 6, 8, 10, 12], "skywatcher-observatory": [4, 6, 8, 10, 12], "tv-tower": [4, 6, 8, 10, 12]}, "cafes": [{"at": [0, 2], "bonus": "tourists", "tourists": {"red": 2}}, {"at": [4, 0], "bonus": "section"}, {"at": [6, 2], "bonus": "coordinate"}, {"at": [6, 5], "bonus": "tourists", "tourists": {"green": 1, "blue": 1}}, {"at": [3, 6], "bonus": "section"}, {"at": [0, 5], "bonus": "coordinate"}], "visit_them_all": {"name": "Handcraft Festival", "at": [[1, 4], [4, 1], [5, 5]], "pp": [0, 0, 12, 24]}, "roads": {"remove": [], "add": []}}','full','en','{"illusion-pottery-school": 0, "skywatcher-observatory": 0, "tv-tower": 3}','[]');
CREATE TABLE play_action (
    game_id TEXT NOT NULL REFERENCES play_game(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    seat INTEGER,
    payload TEXT NOT NULL,
    dropped INTEGER,
    created TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE play_game (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    board_id TEXT NOT NULL,
    board_doc TEXT NOT NULL,
    setup TEXT NOT NULL,
    started INTEGER NOT NULL DEFAULT 0,
    version INTEGER NOT NULL DEFAULT 0,
    setup_version INTEGER NOT NULL DEFAULT 0,
    table_id TEXT
);
INSERT INTO "play_game" VALUES('o3uxLD6BXypSFz2XRO-Nbg','2026-11-23T12:45:09+00:00','training-city','{"format": "enroute-board/1", "id": "training-city", "name": "Training City", "size": [6, 6], "player_boards": [{"number": 1, "columns": [1, 2, 3, 4, 5, 6], "rows": [1, 2, 3, 4, 5, 6]}, {"number": 2, "columns": [4, 6, 2, 1, 5, 3], "rows": [2, 5, 1, 6, 3, 4]}, {"number": 3, "columns": [6, 3, 5, 2, 4, 1], "rows": [5, 1, 4, 2, 6, 3]}, {"number": 4, "columns": [2, 5, 1, 3, 6, 4], "rows": [3, 6, 2, 5, 1, 4]}], "landmarks": [{"id": "illusion-pottery-school", "name": "Illusion and Pottery School", "kind": "grey", "locations": [[2, 2]]}, {"id": "skywatcher-observatory", "name": "Skywatcher Observatory", "kind": "grey", "locations": [[5, 3]]}, {"id": "tv-tower", "name": "TV Tower", "kind": "grey", "locations": [[4, 5]]}, {"id": "market-hall", "name": "Market Hall", "kind": "red", "locations": [[3, 1]]}, {"id": "fairground", "name": "Fairground", "kind": "red", "locations": [[1, 3]]}, {"id": "sports-arena", "name": "Sports Arena", "kind": "red", "locations": [[6, 3]]}, {"id": "sunset-beach", "name": "Sunset Beach", "kind": "red", "locations": [[4, 4]]}, {"id": "linden-park", "name": "Linden Park", "kind": "green", "locations": [[1, 1]]}, {"id": "botanic-garden", "name": "Botanic Garden", "kind": "green", "locations": [[5, 2]]}, {"id": "rose-garden", "name": "Rose Garden", "kind": "green", "locations": [[2, 4]]}, {"id": "willow-park", "name": "Willow Park", "kind": "green", "locations": [[6, 5]]}, {"id": "art-gallery", "name": "Art Gallery", "kind": "blue", "locations": [[6, 1]]}, {"id": "city-museum", "name": "City Museum", "kind": "blue", "locations": [[4, 2]]}, {"id": "puppet-theatre", "name": "Puppet Theatre", "kind": "blue", "locations": [[1, 4]]}, {"id": "music-hall", "name": "Music Hall", "kind": "blue", "locations": [[3, 5]]}, {"id": "town-hall", "name": "Town Hall", "kind": "yellow", "pp": 6, "locations": [[4, 1]]}, {"id": "clock-square", "name": "Clock Square", "kind": "yellow", "pp": 6, "locations": [[3, 3]]}, {"id": "old-mill", "name": "Old Mill", "kind": "yellow", "pp": 4, "locations": [[6, 4]]}, {"id": "cathedral", "name": "Cathedral", "kind": "yellow", "pp": 6, "locations": [[2, 5]]}, {"id": "city-zoo", "name": "City Zoo", "kind": "yellow", "pp": 3, "locations": [[5, 6]]}], "ratings": {"illusion-pottery-school": [4, 6, 8, 10, 12], "skywatcher-observatory": [4, 6, 8, 10, 12], "tv-tower": [4, 6, 8, 10, 12]}, "cafes": [{"at": [0, 2], "bonus": "tourists", "tourists": {"red": 2}}, {"at": [4, 0], "bonus": "section"}, {"at": [6, 2], "bonus": "coordinate"}, {"at": [6, 5], "bonus": "tourists", "tourists": {"green": 1, "blue": 1}}, {"at": [3, 6], "bonus": "section"}, {"at": [0, 5], "bonus": "coordinate"}], "visit_them_all": {"name": "Handcraft Festival", "at": [[1, 4], [4, 1], [5, 5]], "pp": [0, 0, 12, 24]}, "roads": {"remove": [], "add": []}}','{"mode": "normal", "referee": true, "level": "full", "rating_mode": "standard", "names": [], "seed": 2116335777, "goals_source": "draw", "goals": [], "balance": [], "player_boards": [], "first_player": 0, "challenge": null}',0,0,0,NULL);
CREATE TABLE play_seat (
    game_id TEXT NOT NULL REFERENCES play_game(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    token TEXT NOT NULL UNIQUE,
    claimed INTEGER NOT NULL DEFAULT 0,
    kept INTEGER,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE player_sheet (
    table_id TEXT NOT NULL REFERENCES game_table(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    colour TEXT NOT NULL,
    route_mode TEXT NOT NULL DEFAULT 'best',
    sheet TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    updated TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
INSERT INTO "player_sheet" VALUES('j4ArzrqXQTyQDqC2yKcj0A',0,'Aki','red','best','{"format": "enroute-sheet/1", "player": "Aki", "player_board": 1, "sections": [[[0, 0], [1, 0]], [[1, 0], [2, 0]]], "final_route": null, "tourists": [{"at": [1, 1], "red": 1}], "cafes": [], "personal_goal": null}',1,'2026-11-23T12:45:09+00:00');
INSERT INTO "player_sheet" VALUES('j4ArzrqXQTyQDqC2yKcj0A',1,'Bo','blue','best','{"format": "enroute-sheet/1", "player": "Bo", "player_board": 2, "sections": [], "final_route": null, "tourists": [], "cafes": [], "personal_goal": null}',0,'2026-11-23T12:45:09+00:00');
CREATE TABLE sheet_history (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    version INTEGER NOT NULL,
    route_mode TEXT NOT NULL,
    sheet TEXT NOT NULL,
    PRIMARY KEY (table_id, seat, version)
);
INSERT INTO "sheet_history" VALUES('j4ArzrqXQTyQDqC2yKcj0A',0,0,'best','{"format": "enroute-sheet/1", "player": "Aki", "player_board": 1, "sections": [], "final_route": null, "tourists": [], "cafes": [], "personal_goal": null}');
INSERT INTO "sheet_history" VALUES('j4ArzrqXQTyQDqC2yKcj0A',1,0,'best','{"format": "enroute-sheet/1", "player": "Bo", "player_board": 2, "sections": [], "final_route": null, "tourists": [], "cafes": [], "personal_goal": null}');
INSERT INTO "sheet_history" VALUES('j4ArzrqXQTyQDqC2yKcj0A',0,1,'best','{"format": "enroute-sheet/1", "player": "Aki", "player_board": 1, "sections": [[[0, 0], [1, 0]], [[1, 0], [2, 0]]], "final_route": null, "tourists": [{"at": [1, 1], "red": 1}], "cafes": [], "personal_goal": null}');
COMMIT;
