(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-66-72.js"]={"fraction":"g'xb'","frank":"gk/","freq":"py''","from":"da'ya'`c'gf/|'ib'","from_text":"da+ya+","frozen":"fh+"};
