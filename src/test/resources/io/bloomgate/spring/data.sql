INSERT INTO app_user (id, email, name) VALUES (1, 'user1@example.org', 'User 1');
INSERT INTO app_user (id, email, name) VALUES (2, 'user2@example.org', 'User 2');
INSERT INTO app_user (id, email, name) VALUES (3, 'user3@example.org', 'User 3');
INSERT INTO app_user (id, email, name) VALUES (4, 'user4@example.org', 'User 4');
INSERT INTO app_user (id, email, name) VALUES (5, 'user5@example.org', 'User 5');
