-- 1,000 members: member1 ... member1000
INSERT INTO members (username, email) SELECT 'member' || X, 'member' || X || '@example.org' FROM SYSTEM_RANGE(1, 1000);
